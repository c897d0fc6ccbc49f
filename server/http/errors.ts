import type { ErrorRequestHandler, RequestHandler } from "express";
import { AppError } from "../errors";

/** Errors body-parser raises for bad bodies, by their `type`. */
const bodyErrors: Record<string, string> = {
  "entity.parse.failed": "Malformed JSON in request body",
  "entity.too.large": "Request body is too large",
  "encoding.unsupported": "Unsupported request body encoding",
  "charset.unsupported": "Unsupported request body charset",
  "request.aborted": "Request body was not received in full",
};

/** The one place errors become responses: AppError → its status; anything else → a generic 500 with the request id. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (res.headersSent) {
    req.log.error({ err }, "error after response started");
    res.end();
    return;
  }
  if (err instanceof AppError) {
    if (err.extra.retryAfterSeconds) res.set("Retry-After", String(err.extra.retryAfterSeconds));
    res.status(err.status).json({ message: err.message, code: err.code, ...(err.extra.errors ? { errors: err.extra.errors } : {}) });
    return;
  }
  const bodyError = typeof err?.type === "string" ? bodyErrors[err.type] : undefined;
  if (bodyError) {
    res.status(400).json({ message: bodyError, code: "bad_request" });
    return;
  }
  req.log.error({ err }, "unhandled error");
  res.status(500).json({
    message: `Something went wrong on our side. Please try again (reference ${req.id}).`,
    code: "internal",
    requestId: req.id,
  });
};

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No API route for ${req.method} ${req.baseUrl}${req.path}`, code: "not_found" });
};
