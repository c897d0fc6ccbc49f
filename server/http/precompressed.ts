import { readdirSync } from "node:fs";
import { extname, join } from "node:path";
import type { RequestHandler } from "express";

const TYPES: Record<string, string> = { ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8" };

/** The q-value the browser gives an encoding in Accept-Encoding (0 when absent or refused; `*` stands for the rest). */
export function acceptQuality(header: string | undefined, encoding: string): number {
  let wildcard = 0;
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = q ? Number(q.slice(2)) : 1;
    const quality = Number.isFinite(value) ? value : 0;
    const token = name.trim().toLowerCase();
    if (token === encoding) return quality;
    if (token === "*") wildcard = quality;
  }
  return wildcard;
}

/**
 * Serves the build's compressed copies of hashed assets (name.js.br / name.js.gz, written by scripts/precompress.mjs)
 * to browsers that accept brotli or gzip, with the same year-long immutable caching as the plain files. Anything else
 * (no copy, identity only, a Range request) falls through to express.static.
 */
export function precompressedAssets(dir: string): RequestHandler {
  const copies = new Set<string>();
  try {
    for (const name of readdirSync(dir)) if (/\.(br|gz)$/.test(name)) copies.add(name);
  } catch {
    // no build yet: nothing to serve
  }
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.headers.range) return next();
    const name = decodeURIComponent(req.path.slice(1));
    const type = TYPES[extname(name)];
    if (!type || name.includes("/")) return next();
    const hasBr = copies.has(`${name}.br`);
    const hasGz = copies.has(`${name}.gz`);
    if (!hasBr && !hasGz) return next();
    res.vary("Accept-Encoding");
    const accept = req.headers["accept-encoding"];
    const encoding = hasBr && acceptQuality(accept, "br") > 0 ? "br" : hasGz && acceptQuality(accept, "gzip") > 0 ? "gzip" : null;
    if (!encoding) return next();
    res.set({ "Content-Type": type, "Content-Encoding": encoding });
    res.sendFile(join(dir, `${name}.${encoding === "br" ? "br" : "gz"}`), { maxAge: "1y", immutable: true, acceptRanges: false }, (err) => {
      if (err && !res.headersSent) {
        res.removeHeader("Content-Encoding");
        next();
      }
    });
  };
}
