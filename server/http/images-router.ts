import { createHash } from "node:crypto";
import { Router } from "express";
import { createLru } from "../cache/lru";
import { isGarment } from "../catalog/images/garments";
import { IMAGE_VERSION } from "../catalog/images/image-url";
import { isColorSlug, isKnownColorSlug } from "../catalog/images/palette";
import { renderGarmentSvg } from "../catalog/images/render-image";

/** Garments × palette colours × two views is a few hundred; the bound is a backstop (decision 0035). */
const cache = createLru<string, { svg: string; etag: string }>({ maxEntries: 2000, maxBytes: 16 * 1024 * 1024, sizeOf: (entry) => entry.svg.length });

/** Generated product illustrations. The URL carries a version, so answers are cached for a year. */
export function imagesRouter(): Router {
  const router = Router();
  router.get(`/${IMAGE_VERSION}/:garment/:file`, (req, res, next) => {
    const match = /^([a-z0-9-]+)-(front|back)\.svg$/.exec(req.params.file);
    const garment = req.params.garment;
    if (!match || !isGarment(garment) || !isColorSlug(match[1]!)) return next();
    const key = `${garment}/${req.params.file}`;
    let entry = cache.get(key);
    if (!entry) {
      const svg = renderGarmentSvg({ garment, color: match[1]!, view: match[2] as "front" | "back" });
      entry = { svg, etag: `"${createHash("sha1").update(svg).digest("base64url")}"` };
      // Palette colours are kept; any other name (drawn in grey) is rendered each time, so made-up URLs can't fill memory.
      if (isKnownColorSlug(match[1]!)) cache.set(key, entry);
    }
    res.set("Cache-Control", "public, max-age=31536000, immutable");
    res.set("ETag", entry.etag);
    if (req.get("if-none-match") === entry.etag) {
      res.status(304).end();
      return;
    }
    res.type("image/svg+xml").send(entry.svg);
  });
  router.use((_req, res) => {
    res.status(404).type("text/plain").send("Image not found");
  });
  return router;
}
