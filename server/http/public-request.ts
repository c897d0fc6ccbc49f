import type { Request } from "express";
import { isPublicPage } from "../../shared/public-pages";

const decided = new WeakMap<Request, boolean>();

/**
 * Whether a request is for a public page (decision 0034): asked by the stitcher, the response cache and the pages'
 * context, decided once per request without building a URL.
 */
export function isPublicRequest(req: Request): boolean {
  let answer = decided.get(req);
  if (answer === undefined) {
    const query = req.originalUrl.indexOf("?");
    answer = isPublicPage(req.path, new URLSearchParams(query < 0 ? "" : req.originalUrl.slice(query + 1)));
    decided.set(req, answer);
  }
  return answer;
}
