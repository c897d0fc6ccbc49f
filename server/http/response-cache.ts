import { randomBytes } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import type { CatalogChange } from "../cache/catalog-changes";
import { createLru } from "../cache/lru";
import { STOCK_JSON_ID } from "../../shared/product-stock";
import type { CachedAnswer } from "./cache-rules";
import { acceptsGzip, GZIP_FROM, gzipFill, type GzipStretches, gzipStretches } from "./gzip-template";
import { type Fill, filledTemplate, fillTemplate, holesOf, type PageTemplate, pageTemplate } from "./page-template";

declare global {
  namespace Express {
    interface Locals {
      /**
       * Set for a visitor whose page is personal (server/http/viewer.ts): sends a cached page with their own texts in
       * its places, given the pieces for a fill of those places.
       */
      personalPage?: (piecesFor: (own: Fill) => Buffer[]) => void;
    }
  }
}

interface Entry {
  /** When its render began: what it shows was read after this. */
  at: number;
  /** The change counter when its render began. */
  seq: number;
  product: number | null;
  listing: boolean;
  status: number;
  headers: Record<string, string>;
  /** The body, cut where its nonce was and where `places` says a visitor's own texts go. */
  template: PageTemplate;
  /**
   * Its static stretches compressed once, for the answers to visitors who accept gzip (decision 0048); null if it is
   * too short, or has stock places (then `stocked` holds them; see compressedFor).
   */
  gzip: GzipStretches | null;
  stocked?: Compressed & { latest: Fill; texts: (Buffer | undefined)[] };
  /** Whether it has places for a visitor's own texts beside the nonce. */
  personal: boolean;
  /** Whether it has places for its product's latest stock (decision 0041): it is kept across that product's sales. */
  stock: boolean;
}

const NONCE = "nonce";

/** A page's template and its static stretches compressed. */
interface Compressed {
  template: PageTemplate;
  stretches: GzipStretches;
}

/** Every answer's nonce has the length of the stored page's (base64 of 16 bytes, server/http/security.ts). */
const fixedLength = (hole: string) => hole === NONCE;

/** The share of its life after which a touched listing is rendered anew ahead of its end (see refreshEarly). */
const REFRESH_AFTER = 0.6;

/** The header of a cache's own renewal requests, with a secret of that cache's (a visitor can't force a render with it). */
const RENEWAL_HEADER = "x-cache-renewal";

/** The header of a render ahead of a phase change (decision 0051): this cache's secret, then the instant in ms. */
const AHEAD_HEADER = "x-cache-ahead";

const KEPT_HEADERS = ["content-type", "cache-control", "x-total-count", "x-total-count-capped", "link", "x-remix-response"];

/**
 * A short-lived in-process cache of whole responses, for anonymous catalogue reads and pages (issue 10 allows it as
 * long as cart, sign-in state and stock stay correct). What a change drops is decision 0022's rule:
 * - everything (staff changes): every entry goes at once;
 * - some products' stock or rating (checkouts, payments, expiry): the answers about those products go at once; the
 *   listings (and whatever else shows stock in passing) stay until their `ttlMs` ends, but from then on are served
 *   only to anonymous visitors, and never past `ttlMs`.
 * An entry is at most `ttlMs` old, counted from when its render began. While an expired entry that no change has
 * touched is rendered anew, concurrent requests get it (up to twice `ttlMs` old: nothing has changed since). Changes
 * reach this cache from this process and from the others (server/cache/change-feed.ts). Cached HTML carries the
 * request's CSP nonce, swapped for the new one on every hit. Bounded like every cache (decision 0035): at most
 * `maxEntries` answers and `maxBytes` of bodies, the least recently served going first. `places` finds, once per
 * stored HTML page, where a visitor's own texts go (`res.locals.personalPage` fills them). `wroteSince` tells whether
 * a visitor with a cart or a session wrote something since a time: only such a visitor is refused a touched listing
 * (without it, every visitor with a cart or a session is). `renew` sends the store a request for an address as an
 * anonymous visitor with the given headers: with it, an expired answer no change has touched is rendered anew in the
 * background while every request, the first included, is served it (see renewBehind).
 */
export function createResponseCache({
  ttlMs = 5000,
  maxEntries = 1000,
  maxBytes = 32 * 1024 * 1024,
  onResult = (_result: "hit" | "stale" | "miss") => {},
  places = (_html: Buffer): [number, number, string][] => [],
  wroteSince = (_req: Request, _at: number): boolean => true,
  stock = undefined as { places: (html: Buffer) => [number, number, string][]; fillFor: (product: number) => Fill | Promise<Fill> } | undefined,
  renew = undefined as ((url: string, headers: Record<string, string>) => Promise<unknown>) | undefined,
} = {}) {
  /** Marks this cache's own renewals (renewBehind): such a request renders and stores, whatever is stored. */
  const renewal = { [RENEWAL_HEADER]: randomBytes(16).toString("hex") };
  /** Marks its renders ahead of a phase change (aheadHeaders): such a request renders, and its answer is kept aside. */
  const aheadSecret = randomBytes(16).toString("hex");
  /** The instant of a render ahead this cache asked for, or null for any other request. */
  const dueOf = (header: string | string[] | undefined) => {
    const [secret, due] = typeof header === "string" ? header.split(":") : [];
    return secret === aheadSecret && due !== undefined ? Number(due) : null;
  };
  const entries = createLru<string, Entry>({ maxEntries, maxBytes, sizeOf: sizeOfEntry });
  /**
   * Misses in progress: concurrent requests for the same key wait for the first instead of all rendering it. Each
   * resolves to the answer rendered (null when it can't be shared), stored or not.
   */
  const pending = new Map<string, Promise<Entry | null>>();
  /** Renders ahead of the next phase change, by key, with the instant each was made for (decision 0051). */
  const ahead = new Map<string, { entry: Entry; due: number }>();

  // Every change bumps `seq`. A render that began before a change to what it shows must not store its answer (it may
  // predate the change); one that began before a stock change elsewhere is stored as a listing that change has touched.
  let seq = 0;
  let clearedAt = 0;
  let stockChangedAt = 0;
  const productChangedAt = new Map<number, number>();
  /** The same, for changes to more than stock: the only ones that make a page with stock places wrong. */
  const productShownAt = new Map<number, number>();
  const changedAt = (answer: { product: number | null; stock?: boolean }) => (answer.product === null ? 0 : ((answer.stock ? productShownAt : productChangedAt).get(answer.product) ?? 0));

  /** A listing older than the last stock change: right within its life, but not for a shopper who may have made it. */
  const touched = (entry: Entry) => entry.listing && entry.seq < stockChangedAt;
  /** Whether this visitor wrote something (a checkout, a cart call) since the entry's render began. */
  const mayHaveChanged = (req: Request, entry: Entry) => !isAnonymous(req) && wroteSince(req, entry.at);

  function serve(key: string, req: Request, res: Response, next: (err: unknown) => void, { expired = false } = {}): boolean {
    const entry = entries.get(key);
    if (!entry) return false;
    const age = Date.now() - entry.at;
    if (touched(entry) && (expired || mayHaveChanged(req, entry))) return false;
    if (age > (expired ? 2 * ttlMs : ttlMs)) return false;
    onResult(age > ttlMs ? "stale" : "hit");
    send(entry, res, next, age > ttlMs ? "stale" : "hit");
    return true;
  }

  /**
   * A touched listing in the last part of its life is rendered anew by the one request that finds it so, while the
   * others are still served it: once it expires it may not be served while it is rendered anew (it is touched), so
   * without this every request for it would wait for that render (during a drop, a category page, every few seconds).
   */
  function refreshEarly(key: string): boolean {
    if (pending.has(key)) return false;
    const entry = entries.get(key);
    return entry !== undefined && touched(entry) && Date.now() - entry.at > ttlMs * REFRESH_AFTER;
  }

  /**
   * An expired answer that no change has touched is still right (decision 0022: up to twice `ttlMs` old while it is
   * rendered anew). Rather than have the first request that finds it wait for that render (during a drop on PGlite,
   * hundreds of ms behind the checkouts' transactions, and every product page expires within the same second), it
   * is rendered in the background by a request of the store's own, and every request meanwhile is served it.
   */
  function renewBehind(key: string, url: string): boolean {
    if (!renew || pending.has(key)) return false;
    const entry = entries.get(key);
    const age = entry ? Date.now() - entry.at : 0;
    if (!entry || touched(entry) || age <= ttlMs || age > 2 * ttlMs) return false;
    let settle!: (rendered: Entry | null) => void;
    pending.set(key, new Promise<Entry | null>((resolve) => (settle = resolve)));
    const renewed = () => {
      pending.delete(key);
      const now = entries.get(key);
      settle(now && now !== entry ? now : null);
    };
    renew(url, renewal).then(renewed, renewed);
    return true;
  }

  /** The last change that makes an answer rendered before it wrong for a request arriving now. */
  const lastChangeFor = (answer: CachedAnswer) => Math.max(clearedAt, changedAt(answer));

  /** Sends a stored answer; one with stock places once its product's latest stock is at hand (or its error, if it can't be read). */
  function send(entry: Entry, res: Response, next: (err: unknown) => void, label: "hit" | "stale" | "shared") {
    const latest = entry.stock && stock && entry.product !== null ? stock.fillFor(entry.product) : undefined;
    if (latest instanceof Promise) latest.then((fill) => write(entry, res, label, fill), next);
    else write(entry, res, label, latest);
  }

  function write(entry: Entry, res: Response, label: "hit" | "stale" | "shared", latest: Fill | undefined) {
    res.status(entry.status);
    for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
    res.setHeader("X-Cache", label);
    // The page with this response's nonce, its product's latest stock and the visitor's own texts: the stored pieces
    // written around them.
    const nonce: string | undefined = res.locals.cspNonce;
    const marker = nonce ? Buffer.from(nonce) : undefined;
    const gzip = acceptsGzip(res.req.headers["accept-encoding"]) ? compressedFor(entry, latest) : null;
    const piecesFor = (own: Fill) => {
      const fill: Fill = (name) => (name === NONCE ? marker : (own(name) ?? latest?.(name)));
      const gzipped = gzip && gzipFill(gzip.template, gzip.stretches, fill);
      if (!gzipped) return fillTemplate(entry.template, fill);
      // Set only now: an answer that fails before its pieces are made (the cart page's) sends an error instead.
      res.setHeader("Content-Encoding", "gzip");
      res.vary("Accept-Encoding");
      return gzipped;
    };
    if (entry.personal && res.locals.personalPage) res.locals.personalPage(piecesFor);
    else sendPieces(res, piecesFor(() => undefined));
  }

  /** Whether an answer whose render began at `startedIn` may still be stored: nothing it shows exactly changed since. */
  const storable = (startedIn: number, answer: CachedAnswer) => clearedAt <= startedIn && changedAt(answer) <= startedIn;

  /** Stores the answer the rest of the app sends, when it may be; concurrent requests wait for it unless it is a renewal's. */
  function capture(answer: CachedAnswer, res: Response, { renewing = false } = {}) {
    const { key } = answer;
    const startedIn = seq;
    let rendered: Entry | null = null;
    if (!renewing) {
      let done!: (rendered: Entry | null) => void;
      pending.set(key, new Promise<Entry | null>((resolve) => (done = resolve)));
      res.once("close", () => {
        pending.delete(key);
        done(rendered);
      });
    }
    record(answer, res, (entry) => {
      rendered = entry;
      // A re-rendered answer moves to the back of the line: the least recently served goes first when the cache is full.
      if (storable(startedIn, answer)) entries.set(key, entry);
    });
  }

  /**
   * Keeps a render ahead of a phase change (decision 0051) aside, with the instant it was made for: it becomes an
   * entry at that instant (installAhead) if nothing has changed in between.
   */
  function captureAhead(answer: CachedAnswer, res: Response, due: number) {
    record(answer, res, (entry) => ahead.set(answer.key, { entry, due }));
  }

  /** Hands `keep` the answer the rest of the app sends as an entry, when it is one that may be kept (a 200 setting no cookie). */
  function record(answer: CachedAnswer, res: Response, keep: (entry: Entry) => void) {
    const { product, listing } = answer;
    const startedIn = seq;
    const at = Date.now();
    const chunks: Buffer[] = [];
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk != null && typeof chunk !== "function") chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      if (res.statusCode === 200 && !res.getHeader("set-cookie")) {
        const headers = Object.fromEntries(KEPT_HEADERS.map((h) => [h, res.getHeader(h)]).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));
        const body = Buffer.concat(chunks);
        const html = /^text\/html/.test(headers["content-type"] ?? "");
        const own = html ? places(body) : [];
        const stocked = html && answer.stock && stock ? stock.places(body) : [];
        const template = pageTemplate(body, [...holesOf(body, res.locals.cspNonce ?? "", NONCE), ...own, ...stocked]);
        const gzip = body.length >= GZIP_FROM && stocked.length === 0 ? gzipStretches(template, fixedLength) : null;
        keep({ at, seq: startedIn, product, listing, status: 200, headers, template, gzip, personal: own.length > 0, stock: stocked.length > 0 });
      }
      return (end as (...a: unknown[]) => Response)(chunk, ...rest);
    }) as Response["end"];
  }

  return {
    /** Drops what a committed change makes wrong (decision 0022). */
    apply(change: CatalogChange) {
      seq++;
      // A render ahead shows what was there when it began: only its phase change may come after it (installAhead).
      for (const [key, { entry }] of ahead) if (entry.seq < seq - 1) ahead.delete(key);
      if ("all" in change) {
        clearedAt = seq;
        productChangedAt.clear();
        productShownAt.clear();
        entries.clear();
        return;
      }
      stockChangedAt = seq;
      const ids = new Set(change.products);
      for (const id of ids) productChangedAt.set(id, seq);
      if (!change.stockOnly) for (const id of ids) productShownAt.set(id, seq);
      // A page with stock places shows a sale as it happens: only a change to more than stock drops it.
      entries.deleteWhere((entry) => entry.product !== null && ids.has(entry.product) && !(entry.stock && change.stockOnly));
    },
    /** The headers that make a request of the store's own a render ahead for `due` (decision 0051). */
    aheadHeaders: (due: Date): Record<string, string> => ({ [AHEAD_HEADER]: `${aheadSecret}:${due.getTime()}` }),
    /**
     * At a phase change due at `due`, once apply() has dropped what the cache held: the renders made ahead for that
     * instant become entries, as if rendered at it, if no change but this one came after they began. Answers the keys
     * it stored; the rest of the renders ahead are dropped.
     */
    installAhead(due: Date): string[] {
      const stored: string[] = [];
      for (const [key, { entry, due: madeFor }] of ahead) {
        if (madeFor !== due.getTime() || entry.seq !== seq - 1 || clearedAt !== seq) continue;
        entries.set(key, { ...entry, at: Date.now(), seq });
        stored.push(key);
      }
      ahead.clear();
      return stored;
    },
    /** Caches GET requests for which `describe` returns an answer; null means "never cache this one". */
    middleware(describe: (req: Request) => CachedAnswer | null): RequestHandler {
      return async (req, res, next) => {
        const answer = req.method === "GET" ? describe(req) : null;
        if (!answer) return next();
        const aheadFor = dueOf(req.headers[AHEAD_HEADER]);
        if (aheadFor !== null) {
          captureAhead(answer, res, aheadFor);
          return next();
        }
        if (req.headers[RENEWAL_HEADER] === renewal[RENEWAL_HEADER]) {
          capture(answer, res, { renewing: true });
          return next();
        }
        if (renewBehind(answer.key, req.originalUrl) && serve(answer.key, req, res, next, { expired: true })) return;
        if (refreshEarly(answer.key)) {
          onResult("miss");
          capture(answer, res);
          return next();
        }
        if (serve(answer.key, req, res, next)) return;
        const arrivedAfter = lastChangeFor(answer);
        for (let inFlight = pending.get(answer.key); inFlight; inFlight = pending.get(answer.key)) {
          // While one request renders the new answer, the others get the one before it if no change has touched it
          // since, rather than all waiting: only one request pays for a miss.
          if (serve(answer.key, req, res, next, { expired: true })) return;
          const rendered = await inFlight;
          if (serve(answer.key, req, res, next)) return;
          // A render a change overtook is not stored, but it began after every change this request arrived after: it
          // is right for this request (during a drop, the bought product's page would otherwise be rendered by every
          // waiting request at once). Otherwise the next render is awaited, or this request makes it.
          if (rendered && rendered.seq >= arrivedAfter && !(touched(rendered) && mayHaveChanged(req, rendered))) {
            onResult("hit");
            send(rendered, res, next, "shared");
            return;
          }
        }
        onResult("miss");
        capture(answer, res);
        next();
      };
    },
  };
}

export type ResponseCache = ReturnType<typeof createResponseCache>;

/**
 * An entry's compressed stretches, or null when it goes uncompressed. A page with stock places gets them with its
 * product's shown stock filled in (the JSON-LD's two dozen availability places would cut it into stretches too small
 * to compress), made again when what it shows changes (sold out, a few left), not on every sale: the stock's JSON,
 * with the exact figures every sale changes, stays a hole filled per answer.
 */
function compressedFor(entry: Entry, latest: Fill | undefined): Compressed | null {
  if (entry.gzip) return { template: entry.template, stretches: entry.gzip };
  if (!entry.stock || !latest || entry.template.body.length < GZIP_FROM) return null;
  if (entry.stocked?.latest !== latest) {
    const shown: Fill = (name) => (name === NONCE || name === STOCK_JSON_ID ? undefined : latest(name));
    const texts = entry.template.holes.map(([, , name]) => shown(name));
    if (entry.stocked && texts.every((text, i) => sameText(text, entry.stocked!.texts[i]))) entry.stocked.latest = latest;
    else {
      const template = filledTemplate(entry.template, shown);
      entry.stocked = { latest, texts, template, stretches: gzipStretches(template, fixedLength) };
    }
  }
  return entry.stocked;
}

const sameText = (a: Buffer | undefined, b: Buffer | undefined) => a === b || (a !== undefined && b !== undefined && a.equals(b));

/**
 * The bytes an entry holds: its page and its compressed stretches. A page with stock places counts three times its
 * size: its own, its stocked copy's, and that copy's compressed stretches (smaller than the page).
 */
function sizeOfEntry(entry: Entry): number {
  const body = entry.template.body.length;
  return entry.stock ? 3 * body : body + (entry.gzip?.stretches.reduce((n, s) => n + s.deflated.length, 0) ?? 0);
}

/** Anonymous means no session and no cart: such a visitor sees the same page as any other. */
export function isAnonymous(req: Request): boolean {
  const cookie = req.headers.cookie ?? "";
  return !req.headers.authorization && !/(?:^|;\s*)(?:cart|session|__Host-session)=/.test(cookie);
}

/**
 * Sends a body made of pieces with its length, without joining them into a new Buffer: a page-sized copy per request
 * was most of what malloc kept after a bench (decision 0035). When nothing compresses the answer (the client accepts
 * no encoding) the pieces and the head go out in one system call (corked; `end` uncorks); a write was one system call
 * each, and a system call costs this store's hosts tens of microseconds. An answer the compression middleware
 * compresses is not corked: it waits for the socket to drain, which a corked socket never does. One already encoded
 * (decision 0048) passes through it as it is.
 */
export function sendPieces(res: Response, pieces: Buffer[], write = res.write.bind(res), end = res.end.bind(res)): void {
  if (!res.headersSent) res.setHeader("Content-Length", String(pieces.reduce((n, piece) => n + piece.length, 0)));
  const compressed = !res.getHeader("content-encoding") && ENCODINGS.test(String(res.req.headers["accept-encoding"] ?? ""));
  const corked = pieces.length > 1 && !compressed;
  if (corked) res.cork();
  for (const piece of pieces) if (piece.length > 0) write(piece);
  end();
  if (corked && res.writableCorked > 0) res.uncork();
}

/** What the compression middleware may answer in. */
const ENCODINGS = /\b(?:gzip|deflate|br|zstd)\b|\*/i;
