import type { RequestHandler } from "express";
import { AppError } from "../errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);
/** The calls whose body is a photo's bytes (staff only): a product photo, the logo, a content photo. */
export const PHOTO_UPLOAD = /^\/admin\/(?:products\/[1-9]\d{0,9}\/photos|settings\/logo|content\/photos)$/;

/**
 * CSRF defence (DESIGN §6): a state-changing call must come from our own pages (Sec-Fetch-Site / Origin), and a
 * call with a body must send JSON, which a cross-site form cannot. Both refusals are 403.
 */
export const requireSameOriginJson: RequestHandler = (req, _res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  const site = req.get("sec-fetch-site");
  const origin = req.get("origin");
  if (site && site !== "same-origin" && site !== "none") throw new AppError("forbidden", "Cross-site request refused");
  if (origin && origin !== "null" && safeHost(origin) !== req.get("host")) throw new AppError("forbidden", "Cross-site request refused");
  if (origin === "null") throw new AppError("forbidden", "Cross-site request refused");
  // A photo or logo upload sends the image itself: a content type no cross-site form can send, like JSON.
  const photoUpload = req.method === "POST" && PHOTO_UPLOAD.test(req.path) && req.is(["image/*", "application/octet-stream"]);
  if (BODY_METHODS.has(req.method) && !req.is("application/json") && !photoUpload) {
    throw new AppError("forbidden", "Send the request body as JSON (Content-Type: application/json)");
  }
  next();
};

function safeHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
