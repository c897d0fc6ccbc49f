import type { RequestHandler } from "express";

/**
 * Every page has one address, without a trailing slash: `/about/` answers 301 to `/about`, the query kept. The API
 * is left alone (a client calls it by its documented path). Leading slashes collapse to one, so `//host/` can't
 * become a redirect to another site.
 */
export const withoutTrailingSlash: RequestHandler = (req, res, next) => {
  if ((req.method !== "GET" && req.method !== "HEAD") || req.path === "/" || !req.path.endsWith("/") || req.path.startsWith("/api/")) return next();
  const path = `/${req.path.replace(/^\/+|\/+$/g, "")}`;
  const query = req.originalUrl.slice(req.originalUrl.indexOf("?") === -1 ? req.originalUrl.length : req.originalUrl.indexOf("?"));
  res.redirect(301, `${path}${query}`);
};
