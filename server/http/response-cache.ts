import type { Request, RequestHandler, Response } from "express";

interface Entry {
  at: number;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  nonce: string;
}

const KEPT_HEADERS = ["content-type", "cache-control", "x-total-count", "x-total-count-capped", "link"];

/**
 * A short-lived in-process cache of whole responses, for anonymous catalogue reads and pages (issue 10 allows it as
 * long as cart, sign-in state and stock stay correct). Entries live `ttlMs`; any state-changing request in this
 * process clears them at once, so a shopper never sees their own change missing. While an expired entry is being
 * rendered anew, concurrent requests get the expired one (up to twice `ttlMs` old). Other app instances may serve
 * a page up to `ttlMs` old. Cached HTML carries the request's CSP nonce, swapped for the new one on every hit.
 */
export function createResponseCache({ ttlMs = 5000, maxEntries = 1000 } = {}) {
  const entries = new Map<string, Entry>();
  /** Misses in progress: concurrent requests for the same key wait for the first instead of all rendering it. */
  const pending = new Map<string, Promise<void>>();

  /** Serves the entry if it is at most `maxAge` old. */
  function serve(key: string, res: Response, maxAge = ttlMs): boolean {
    const entry = entries.get(key);
    if (!entry || Date.now() - entry.at > maxAge) return false;
    res.status(entry.status);
    for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
    res.setHeader("X-Cache", Date.now() - entry.at > ttlMs ? "stale" : "hit");
    const nonce = res.locals.cspNonce;
    res.end(entry.nonce && nonce ? Buffer.from(entry.body.toString("utf8").replaceAll(entry.nonce, nonce)) : entry.body);
    return true;
  }

  /** Bumped by every clearing write: a render that started before a write must not store its (older) answer. */
  let generation = 0;

  function capture(key: string, res: Response) {
    const startedIn = generation;
    let done!: () => void;
    pending.set(key, new Promise<void>((resolve) => (done = resolve)));
    res.once("close", () => {
      pending.delete(key);
      done();
    });
    const chunks: Buffer[] = [];
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk != null && typeof chunk !== "function") chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      if (res.statusCode === 200 && !res.getHeader("set-cookie") && generation === startedIn) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        const headers = Object.fromEntries(KEPT_HEADERS.map((h) => [h, res.getHeader(h)]).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));
        entries.set(key, { at: Date.now(), status: 200, headers, body: Buffer.concat(chunks), nonce: res.locals.cspNonce ?? "" });
      }
      return (end as (...a: unknown[]) => Response)(chunk, ...rest);
    }) as Response["end"];
  }

  return {
    clear: () => {
      generation++;
      entries.clear();
    },
    /** Caches GET requests for which `keyOf` returns a key; null means "never cache this one". */
    middleware(keyOf: (req: Request) => string | null): RequestHandler {
      return async (req, res, next) => {
        const key = req.method === "GET" ? keyOf(req) : null;
        if (!key) return next();
        if (serve(key, res)) return;
        const inFlight = pending.get(key);
        if (inFlight) {
          // While one request renders the new answer, the others get the one before it (writes clear it, so it is
          // never older than a write) rather than all waiting: only one request pays for a miss.
          if (serve(key, res, 2 * ttlMs)) return;
          await inFlight;
          if (serve(key, res)) return;
        }
        capture(key, res);
        next();
      };
    },
    /** Clears the cache after any request that may change what the cached answers show. */
    invalidator(): RequestHandler {
      return (req, res, next) => {
        if (changesSharedState(req)) {
          generation++;
          res.on("finish", () => {
            generation++;
            entries.clear();
          });
        }
        next();
      };
    },
  };
}

/**
 * Cart calls change one shopper's cart only (stock is reserved at checkout, not in carts), and the style assistant,
 * the checkout quote, the guest order lookup and a passkey challenge only read, so none clears the cache: busy carts must not turn every
 * catalogue read into a miss. Any other
 * non-GET request may change stock, prices, the drop or the hype meter.
 */
function changesSharedState(req: Request): boolean {
  if (req.method === "GET" || req.method === "HEAD") return false;
  return !/^\/api\/(?:cart|ai|checkout\/quote|orders\/lookup|auth\/passkey\/options)(?:\/|\?|$)/.test(req.originalUrl);
}

/** Anonymous means no session and no cart: such a visitor sees the same page as any other. */
export function isAnonymous(req: Request): boolean {
  const cookie = req.headers.cookie ?? "";
  return !req.headers.authorization && !/(?:^|;\s*)(?:cart|session|__Host-session)=/.test(cookie);
}
