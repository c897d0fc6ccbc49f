import { Router } from "express";
import type { Services } from "../context";
import { MediaUnavailableError } from "../media/media-bucket";

/** Seconds a browser or CDN waits before asking again for a photo while the bucket is down. */
const RETRY_AFTER_SECONDS = 30;

/**
 * Photo derivatives, from the local folder or proxied from the bucket (decision 0053): content-addressed names, so
 * they are cached for a year and never change, and the name itself is the ETag.
 */
export function mediaRouter(services: Pick<Services, "media" | "logger">): Router {
  const router = Router();
  router.get("/:file", async (req, res, next) => {
    let found;
    try {
      found = await services.media.read(req.params.file);
    } catch (error) {
      if (!(error instanceof MediaUnavailableError)) throw error;
      services.logger.warn({ err: error }, "photo storage not answering");
      res.set({ "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" }).status(503).type("text/plain").send("The photo storage is not answering: try again shortly");
      return;
    }
    if (!found) return next();
    const etag = `"${req.params.file}"`;
    res.set({ "Content-Type": found.contentType, "Cache-Control": found.cacheControl, ETag: etag, "X-Content-Type-Options": "nosniff" });
    if (req.headers["if-none-match"] === etag) return void res.status(304).end();
    res.send(found.body);
  });
  return router;
}
