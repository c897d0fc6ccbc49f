import type { Request, RequestHandler, Response } from "express";
import { Router } from "express";
import { isViewerPlace, type PersonalPlace, scriptJson, type Viewer, type ViewerPlace, viewerPlaces, viewerPlaceText } from "../../shared/viewer";
import type { User } from "../accounts/user-types";
import type { Cart } from "../cart/cart-types";
import type { Services } from "../context";
import { createLru } from "../cache/lru";
import { CART_COOKIE, readCookie } from "./cookies";
import { type Fill, fillTemplate, pageTemplate } from "./page-template";
import { errorHandler } from "./errors";
import { isPublicRequest } from "./public-request";
import { isAnonymous, sendPieces } from "./response-cache";
import { sessionTokenOf } from "./session";

declare global {
  namespace Express {
    interface Locals {
      /** This visitor's viewer, asked for as the request arrived (decision 0034); pages.ts reuses its user. */
      viewer?: Promise<Viewer<User>>;
    }
  }
}

/** The visitor's session user and what is theirs (their cart, their favourites). */
async function ownerOf(services: Services, req: Request) {
  const token = sessionTokenOf(req);
  const user = token ? await services.accounts.findSessionUser({ token }) : null;
  return { user, owner: { userId: user?.id ?? null, cartToken: readCookie(req, CART_COOKIE) } };
}

/** The visitor's viewer: the session's user, the cart's item count, the favourite ids. */
export async function viewerOf(services: Services, req: Request): Promise<Viewer<User>> {
  return services.viewer.getViewer(await ownerOf(services, req));
}

/**
 * What fills the shared cart page for this visitor: their viewer (its count from the cart shown) and their cart, as the
 * page's body and as the JSON the client's cart store starts from. Read afresh on every view: the cart is never stale.
 */
async function cartPageFill(services: Services, req: Request, renderCartPage: (cart: Cart) => Promise<string>): Promise<Fill> {
  const { user, owner } = await ownerOf(services, req);
  const [viewer, cart] = await Promise.all([services.viewer.getViewer({ owner, user }), services.cart.getCart({ owner })]);
  const texts: Record<string, Buffer> = { "cart-page": Buffer.from(await renderCartPage(cart)), "cart-json": Buffer.from(scriptJson(cart)) };
  const own = placeTexts({ ...viewer, cartCount: cart.itemCount });
  return (place) => texts[place] ?? own(place);
}

const PRIVATE = "private, no-store";
const CART_PAGE = "/cart";
/** The API, illustrations and photos: never a page (files, with an extension, are left out separately). */
const NOT_PAGES = /^\/(?:api|images|media)\//;

/**
 * The viewers read for shared pages in the last `ttlMs`, by the visitor's session and cart cookies (a visitor who moves
 * from page to page asks for the same one many times a second). Any write by that visitor (a cart or favourite call,
 * signing in or out, a checkout step) forgets theirs when it begins and when it ends, and is remembered (when, by the
 * same key) so that the response cache gives them a fresh listing after it; a change made for them by
 * another party (a payment's webhook emptying the cart) shows within twice `ttlMs` (see `viewer`), and at once in the
 * header, which fetches the cart after hydrating. Personal routes always read it afresh.
 */
export function createViewerMemo({ ttlMs = 2000, maxEntries = 10_000 } = {}) {
  // Bounded like every cache (decision 0035): the least recently used visitor goes first when full.
  const entries = createLru<string, MemoEntry>({ maxEntries });
  /** When each visitor last wrote something, begun or answered (for the response cache's touched listings). */
  const writes = createLru<string, number>({ maxEntries });
  const keyOf = (req: Request) => `${sessionTokenOf(req) ?? ""}|${readCookie(req, CART_COOKIE) ?? ""}`;
  const NOBODY = "|";
  /** Reads the viewer and keeps it once read; a failed read is not kept. */
  const read = (key: string, load: () => Promise<Viewer<User>>): MemoEntry => {
    const entry: MemoEntry = { at: Date.now(), viewer: load(), read: false, renewing: false };
    entry.viewer.then(
      () => void (entry.read = true),
      () => void (entries.get(key) === entry && entries.delete(key)),
    );
    return entry;
  };
  return {
    /**
     * The visitor's viewer: as read within `ttlMs`; or, up to twice that old, as read while it is read anew in the
     * background (decision 0044: during a drop on PGlite a read waits behind the checkouts' transactions, and every
     * cart holder's page would wait for it every `ttlMs`); or read now.
     */
    viewer(req: Request, load: () => Promise<Viewer<User>>): Promise<Viewer<User>> {
      const key = keyOf(req);
      const kept = entries.get(key);
      const age = kept ? Date.now() - kept.at : Number.POSITIVE_INFINITY;
      if (kept && age < ttlMs) return kept.viewer;
      if (kept?.read && age < 2 * ttlMs) {
        if (!kept.renewing) {
          kept.renewing = true;
          const next = read(key, load);
          // A write by the visitor meanwhile forgot `kept`: the read that may predate it is not kept either.
          next.viewer.then(
            () => void (entries.get(key) === kept && entries.set(key, next)),
            () => void (kept.renewing = false),
          );
        }
        return kept.viewer;
      }
      const entry = read(key, load);
      entries.set(key, entry);
      return entry.viewer;
    },
    /** Forgets the viewer of the visitor making a write, when it begins and when it is answered. */
    forgetOnWrites(): RequestHandler {
      return (req, res, next) => {
        if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
        const key = keyOf(req);
        const wrote = () => {
          entries.delete(key);
          if (key !== NOBODY) writes.set(key, Date.now());
        };
        wrote();
        res.on("finish", wrote);
        next();
      };
    },
    /** Whether this visitor (by their session and cart cookies) wrote something through this process since `at`. */
    wroteSince(req: Request, at: number): boolean {
      return (writes.get(keyOf(req)) ?? 0) >= at;
    },
    get size() {
      return entries.size;
    },
  };
}

export type ViewerMemo = ReturnType<typeof createViewerMemo>;

interface MemoEntry {
  /** When its read began. */
  at: number;
  viewer: Promise<Viewer<User>>;
  /** Whether that read has answered (only such a viewer is served past its life). */
  read: boolean;
  /** Whether it is being read anew in the background. */
  renewing: boolean;
}

/**
 * Pages for a visitor with a session or a cart cookie (decision 0034): the page (the shared one from the response
 * cache, or a render) is held whole, then a copy with this visitor's viewer stitched in is sent, marked private. The
 * viewer is read while the page is found or rendered (through the memo on a public page). Anonymous visitors get the
 * page as it is: its slots already say "nobody" (and the cart page's body is the empty cart's).
 */
export function stitchViewerPages(services: Services, memo: ViewerMemo, renderCartPage: (cart: Cart) => Promise<string>): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" || NOT_PAGES.test(req.path) || req.path.includes(".") || isAnonymous(req)) return next();
    if (req.path === CART_PAGE && isPublicRequest(req)) {
      // A cart that could not be read must not show as the shared page's empty one: the error's own answer goes
      // instead (the outage page and a 503 when the database is unreachable).
      holdAndStitch(res, cartPageFill(services, req, renderCartPage), (err) => errorHandler(err, req, res, next));
      return next();
    }
    const load = () => viewerOf(services, req);
    const viewer = isPublicRequest(req) ? memo.viewer(req, load) : load();
    viewer.catch(() => {}); // pages.ts reads it too
    res.locals.viewer = viewer;
    holdAndStitch(res, viewer.then(placeTexts));
    next();
  };
}

/**
 * The page is held until it is whole, then sent with the visitor's texts in its places. A page from the response cache
 * comes through `res.locals.personalPage`, already cut at its places: it is filled and sent as it is, without being held.
 * When the texts can't be had, `failed` answers instead, or else the page goes as it is (it says "nobody").
 */
function holdAndStitch(res: Response, texts: Promise<Fill>, failed?: (err: unknown) => void) {
  texts.catch(() => {}); // a failure is handled when the page is sent
  const chunks: Buffer[] = [];
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  let held = true;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk != null && typeof chunk !== "function") chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
  };
  // The page is whole by now: it goes with its length rather than chunked.
  const send = (pieces: Buffer[]) => sendPieces(res, pieces, write, end);
  const sendFilled = (piecesFor: (own: Fill) => Buffer[]) => {
    // Whatever the page's own policy (a shared page's is public), this copy is one visitor's.
    res.setHeader("Cache-Control", PRIVATE);
    texts.then(
      (own) => send(piecesFor(own)),
      (err: unknown) => {
        held = false;
        if (failed) return failed(err);
        // The database is unreachable: the page goes as it is (it says "nobody"), and the client asks again later.
        send(piecesFor(() => undefined));
      },
    );
  };
  res.locals.personalPage = (piecesFor) => {
    held = false;
    sendFilled(piecesFor);
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (!held) return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    keep(chunk, rest[0]);
    return true;
  }) as Response["write"];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (!held) return (end as (...a: unknown[]) => Response)(chunk, ...rest);
    keep(chunk, rest[0]);
    const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    if (/^text\/html/.test(String(res.getHeader("content-type") ?? ""))) sendFilled((own) => fillTemplate(pageTemplate(body, viewerPlaces(body)), own));
    else send([body]);
    return res;
  }) as Response["end"];
}

/**
 * A viewer's texts as bytes, made once per viewer: the memo hands every page of a visitor's burst the same viewer, so a
 * hit fills its places without encoding them again.
 */
const textsOfViewer = new WeakMap<Viewer<User>, Map<string, Buffer>>();
function placeTexts(viewer: Viewer<User>): Fill {
  let texts = textsOfViewer.get(viewer);
  if (!texts) textsOfViewer.set(viewer, (texts = new Map()));
  return (place) => {
    if (!isViewerPlace(place as PersonalPlace)) return undefined; // the cart page's places are not the viewer's
    let text = texts.get(place);
    if (!text) texts.set(place, (text = Buffer.from(viewerPlaceText(place as ViewerPlace, viewer))));
    return text;
  };
}

/** GET /api/viewer: the same viewer as JSON, for the client after signing in or out and when the page is shown again. */
export function viewerRouter(services: Services): Router {
  const router = Router();
  router.get("/viewer", async (req, res) => {
    res.set("Cache-Control", PRIVATE).json(await services.viewer.getViewer({ owner: { userId: req.user?.id ?? null, cartToken: readCookie(req, CART_COOKIE) }, user: req.user }));
  });
  return router;
}
