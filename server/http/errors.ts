import type { ErrorRequestHandler, RequestHandler } from "express";
import { isDatabaseUnavailable, logDatabaseUnavailable, UNAVAILABLE_MESSAGE, UNAVAILABLE_PAGE } from "../../shared/database-unavailable";
import { pgErrorCode } from "../db/rows";
import { AppError } from "../errors";

declare global {
  namespace Express {
    interface Locals {
      /** The code of the error this request was answered with (counted by the metrics). */
      errorCode?: string;
    }
  }
}

/** Errors body-parser raises for bad bodies, by their `type`. */
const bodyErrors: Record<string, string> = {
  "entity.parse.failed": "Malformed JSON in request body",
  "entity.too.large": "Request body is too large",
  "encoding.unsupported": "Unsupported request body encoding",
  "charset.unsupported": "Unsupported request body charset",
  "request.aborted": "Request body was not received in full",
};

export const FOREIGN_KEY_MESSAGE = "This clashed with another change made at the same moment: something it links to, or that links to it, was just removed or added. Reload and try again.";

/** The one place errors become responses: AppError → its status; anything else → a generic 500 with the request id. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (res.headersSent) {
    req.log.error({ err }, "error after response started");
    res.end();
    return;
  }
  if (err instanceof AppError) {
    res.locals.errorCode = err.code;
    if (err.extra.retryAfterSeconds) res.set("Retry-After", String(err.extra.retryAfterSeconds));
    res.status(err.status).json({ message: err.message, code: err.code, ...(err.extra.errors ? { errors: err.extra.errors } : {}), ...(err.extra.reason ? { reason: err.extra.reason } : {}) });
    return;
  }
  const bodyError = typeof err?.type === "string" ? bodyErrors[err.type] : undefined;
  if (bodyError) {
    res.locals.errorCode = "bad_request";
    res.status(400).json({ message: bodyError, code: "bad_request" });
    return;
  }
  if (pgErrorCode(err) === "23503") {
    // A foreign key refused the write: two changes crossed (a menu saved with a collection while it was deleted, past
    // both checks). Each side checks first, so only a race gets here; the client may reload and try again.
    req.log.warn({ err }, "foreign key conflict");
    res.locals.errorCode = "conflict";
    res.status(409).json({ message: FOREIGN_KEY_MESSAGE, code: "conflict" });
    return;
  }
  if (isDatabaseUnavailable(err)) {
    // PostgreSQL is down or restarting: a quick, honest 503 the client may retry (decision 0027).
    logDatabaseUnavailable((fields, message) => req.log.warn(fields, message), err);
    res.locals.errorCode = "unavailable";
    res.status(503).set("Retry-After", "5");
    if (req.originalUrl.startsWith("/api/") || !req.accepts("html")) res.json({ message: UNAVAILABLE_MESSAGE, code: "unavailable" });
    else res.type("html").send(UNAVAILABLE_PAGE);
    return;
  }
  req.log.error({ err }, "unhandled error");
  res.locals.errorCode = "internal";
  res.status(500).json({
    message: `Something went wrong on our side. Please try again (reference ${req.id}).`,
    code: "internal",
    requestId: req.id,
  });
};

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No API route for ${req.method} ${req.baseUrl}${req.path}`, code: "not_found" });
};
