import { Router } from "express";
import { HANDLE_PATTERN } from "../catalog/handles";
import type { Services } from "../context";

/** robots.txt, the sitemap, the blog's Atom feed, the 1200 × 630 link previews and /products/{handle} redirects. */
export function seoRouter(services: Services): Router {
  const router = Router();
  router.get("/robots.txt", (_req, res) => {
    res.type("text/plain").set("Cache-Control", "public, max-age=3600").send(services.seo.robots());
  });
  router.get("/sitemap.xml", async (_req, res) => {
    res.type("application/xml").set("Cache-Control", "public, max-age=3600").send(await services.seo.sitemap());
  });
  router.get("/blog/feed.xml", async (_req, res) => {
    res.type("application/atom+xml").set("Cache-Control", "public, max-age=300").send(await services.contentEntries.feed());
  });
  router.get("/sitemaps/:file", async (req, res, next) => {
    const part = /^([a-z0-9-]+)\.xml$/.exec(req.params.file)?.[1];
    const xml = part ? await services.seo.sitemapPart({ part }) : null;
    if (!xml) return next();
    res.type("application/xml").set("Cache-Control", "public, max-age=3600").send(xml);
  });
  // Shopify's product address: links and bookmarks from a store moved here, and old handles after a rename, reach
  // the product page at its canonical /product/{id}.
  router.get("/products/:handle", async (req, res, next) => {
    const handle = req.params.handle;
    const id = HANDLE_PATTERN.test(handle) ? await services.admin.productIdForHandle({ handle }) : null;
    if (id === null) return next();
    const query = req.originalUrl.indexOf("?");
    res.redirect(301, `/product/${id}${query >= 0 ? req.originalUrl.slice(query) : ""}`);
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
