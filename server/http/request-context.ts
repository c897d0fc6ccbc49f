import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import type { Logger } from "../logger";

declare global {
  namespace Express {
    interface Request {
      id: string;
      log: Logger;
    }
  }
}

const SAFE_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** Gives each request an id (kept from X-Request-Id when it looks sane), a child logger, and one log line at the end. */
export function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get("x-request-id");
    req.id = incoming && SAFE_ID.test(incoming) ? incoming : randomUUID();
    // The child logger is made when something logs: most requests never do, and making one costs more than the request.
    let child: Logger | undefined;
    Object.defineProperty(req, "log", { get: () => (child ??= logger.child({ reqId: req.id })), configurable: true });
    res.setHeader("X-Request-Id", req.id);
    if (logger.isLevelEnabled("info")) {
      const started = process.hrtime.bigint();
      res.on("finish", () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        // The path only: query strings can carry tokens.
        req.log.info({ method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, "request");
      });
    }
    next();
  };
}
