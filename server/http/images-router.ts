import { createHash } from "node:crypto";
import { Router } from "express";
import type { Services } from "../context";
import { drawingOf } from "../catalog/images/drawings";
import { IMAGE_VERSION } from "../catalog/images/image-url";

/** Each drawing's ETag, made once per copy held in memory. */
const etags = new WeakMap<Buffer, string>();
const etagOf = (body: Buffer) => {
  let etag = etags.get(body);
  if (!etag) etags.set(body, (etag = `"${createHash("sha1").update(body).digest("base64url")}"`));
  return etag;
};

/**
 * Generated product illustrations, from the media store: with MEDIA_STORAGE=s3 read from the bucket (drawn and stored
 * there the first time), else drawn here (decision 0053). The URL carries a version, so answers are cached for a year.
 */
export function imagesRouter(services: Pick<Services, "media" | "logger">): Router {
  const router = Router();
  router.get(`/${IMAGE_VERSION}/:garment/:file`, async (req, res, next) => {
    const drawing = drawingOf(req.params.garment, req.params.file);
    if (!drawing) return next();
    const { object, fault } = await services.media.drawing(drawing);
    if (fault) services.logger.warn({ err: fault, drawing: drawing.name }, "photo storage not answering: drawing made here, not stored");
    const etag = etagOf(object.body);
    res.set({ "Cache-Control": object.cacheControl, ETag: etag, "Content-Type": `${object.contentType}; charset=utf-8` });
    if (req.get("if-none-match") === etag) return void res.status(304).end();
    res.send(object.body);
  });
  router.use((_req, res) => {
    res.status(404).type("text/plain").send("Image not found");
  });
  return router;
}
