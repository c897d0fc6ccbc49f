import { Router } from "express";
import type { Services } from "../context";

/** robots.txt, the sitemap and the 1200 × 630 link previews. */
export function seoRouter(services: Services): Router {
  const router = Router();
  router.get("/robots.txt", (_req, res) => {
    res.type("text/plain").set("Cache-Control", "public, max-age=3600").send(services.seo.robots());
  });
  router.get("/sitemap.xml", async (_req, res) => {
    res.type("application/xml").set("Cache-Control", "public, max-age=3600").send(await services.seo.sitemap());
  });
  router.get("/sitemaps/:file", async (req, res, next) => {
    const part = /^([a-z0-9-]+)\.xml$/.exec(req.params.file)?.[1];
    const xml = part ? await services.seo.sitemapPart({ part }) : null;
    if (!xml) return next();
    res.type("application/xml").set("Cache-Control", "public, max-age=3600").send(xml);
  });
  router.get("/og/default.png", (_req, res) => {
    res.type("image/png").set("Cache-Control", "public, max-age=86400").send(services.seo.defaultImage());
  });
  router.get("/og/product/:file", async (req, res, next) => {
    const id = /^([1-9]\d{0,9})\.png$/.exec(req.params.file)?.[1];
    const image = id ? await services.seo.productImage({ id: Number(id) }) : null;
    if (!image) return next();
    res.type("image/png").set("Cache-Control", "public, max-age=86400").send(image);
  });
  return router;
}
