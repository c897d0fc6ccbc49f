import { timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { Request, RequestHandler, Response } from "express";
import { AppError } from "../errors";
import type { Metrics } from "./metrics";

declare global {
  namespace Express {
    interface Locals {
      /** The page's route pattern (`/product/:id?`), set by the pages handler for the request histogram. */
      routePattern?: string;
    }
  }
}

/**
 * A request's route as a pattern, never its URL (decision 0025): the Express route that answered (`/api/products/:id`),
 * the page route React Router matched, or one of a few fixed labels for everything else.
 */
export function routeLabel(req: Request, res: Response): string {
  if (res.locals.routePattern) return res.locals.routePattern;
  if (res.getHeader("x-cache") === "hit" || res.getHeader("x-cache") === "stale") return "cached";
  if (res.statusCode >= 300 && res.statusCode < 400) return "redirect";
  return "unmatched";
}

/** Times every request and records it by method, route pattern and status once the answer is sent. */
export function measureRequests(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    // Express sets req.route when a route matches, while req.baseUrl still holds its routers' mount path (an error
    // answered later by the app's handler finds baseUrl reset): the pattern is taken at that moment.
    let route: unknown;
    Object.defineProperty(req, "route", {
      configurable: true,
      enumerable: true,
      get: () => route,
      set(value: { path?: unknown } | undefined) {
        route = value;
        if (typeof value?.path === "string") res.locals.routePattern = `${req.baseUrl}${value.path}`;
      },
    });
    res.once("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.observeRequest({ method: req.method === "HEAD" ? "GET" : req.method, route: routeLabel(req, res), status: res.statusCode }, seconds);
    });
    next();
  };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics on the store's own port: only with `Authorization: Bearer METRICS_TOKEN`; without a token configured
 * it is not there at all (404), so a store is never open to scraping by default.
 */
export function metricsEndpoint(metrics: Metrics, token: string | null): RequestHandler {
  return async (req, res, next) => {
    if (!token) return next();
    const given = /^Bearer (.+)$/.exec(req.get("authorization") ?? "")?.[1];
    if (!given || !sameSecret(given, token)) {
      res.set("WWW-Authenticate", 'Bearer realm="metrics"');
      throw new AppError("unauthorized", "Metrics need the metrics token as a bearer token");
    }
    res.set("Cache-Control", "no-store").type(metrics.contentType).send(await metrics.render());
  };
}

/** Metrics on their own port, bound to 127.0.0.1 only (METRICS_PORT): for a scraper on the same machine or a sidecar. */
export async function startMetricsServer({ port, render, contentType }: { port: number; render: () => Promise<string>; contentType: string }): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
      return;
    }
    render().then(
      (text) => res.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" }).end(text),
      () => res.writeHead(500, { "Content-Type": "text/plain" }).end("Metrics unavailable"),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return server;
}
