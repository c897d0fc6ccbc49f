import type { Request, RequestHandler, Response } from "express";
import { Router } from "express";
import { stitchViewer, type Viewer } from "../../shared/viewer";
import type { User } from "../accounts/user-types";
import type { Services } from "../context";
import { CART_COOKIE, readCookie } from "./cookies";
import { isAnonymous } from "./response-cache";
import { sessionTokenOf } from "./session";

declare global {
  namespace Express {
    interface Locals {
      /** This visitor's viewer, asked for as the request arrived (decision 0034); pages.ts reuses its user. */
      viewer?: Promise<Viewer<User>>;
    }
  }
}

/** The visitor's viewer: the session's user, the cart's item count, the favourite ids. */
export function viewerOf(services: Services, req: Request): Promise<Viewer<User>> {
  const token = sessionTokenOf(req);
  return (async () => {
    const user = token ? await services.accounts.findSessionUser({ token }) : null;
    return services.viewer.getViewer({ owner: { userId: user?.id ?? null, cartToken: readCookie(req, CART_COOKIE) }, user });
  })();
}

const PRIVATE = "private, no-store";

/**
 * Pages for a visitor with a session or a cart (decision 0034): the page (the shared one from the response cache, or a
 * render) is held whole, then a copy with this visitor's viewer stitched in is sent, marked private. The viewer is read
 * while the page is found or rendered. Anonymous visitors get the page as it is: its slots already say "nobody".
 */
export function stitchViewerPages(services: Services): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" || req.path.startsWith("/api/") || req.path.includes(".") || isAnonymous(req)) return next();
    const viewer = viewerOf(services, req);
    viewer.catch(() => {}); // a failure is handled when the page is sent
    res.locals.viewer = viewer;
    holdAndStitch(res, viewer);
    next();
  };
}

function holdAndStitch(res: Response, viewer: Promise<Viewer<User>>) {
  const chunks: Buffer[] = [];
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk != null && typeof chunk !== "function") chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
  };
  res.write = ((chunk: unknown, encoding?: unknown) => {
    keep(chunk, encoding);
    return true;
  }) as Response["write"];
  res.end = ((chunk?: unknown, encoding?: unknown) => {
    keep(chunk, encoding);
    const body = Buffer.concat(chunks);
    if (!/^text\/html/.test(String(res.getHeader("content-type") ?? ""))) return end(body);
    // Whatever the page's own policy (a shared page's is public), this copy is one visitor's.
    res.setHeader("Cache-Control", PRIVATE);
    res.removeHeader("Content-Length");
    viewer.then(
      (v) => end(Buffer.from(stitchViewer(body.toString("utf8"), v))),
      // The database is unreachable: the page goes as it is (it says "nobody"), and the client asks again later.
      () => end(body),
    );
    return res;
  }) as Response["end"];
}

/** GET /api/viewer: the same viewer as JSON, for the client after signing in or out and when the page is shown again. */
export function viewerRouter(services: Services): Router {
  const router = Router();
  router.get("/viewer", async (req, res) => {
    res.set("Cache-Control", PRIVATE).json(await services.viewer.getViewer({ owner: { userId: req.user?.id ?? null, cartToken: readCookie(req, CART_COOKIE) }, user: req.user }));
  });
  return router;
}
