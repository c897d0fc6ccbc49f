import type { Request, RequestHandler, Response } from "express";

/**
 * NUL (PostgreSQL's text cannot hold it) and UTF-16 halves without their partner (no UTF-8 can say them). With the `u`
 * flag a well-formed pair is one code point, so only a lone half matches.
 */
const UNSTORABLE = /[\0\uD800-\uDFFF]/u;

/** What is wrong with a piece of text the store would keep or look up, or null when nothing is. */
export function unstorableText(text: string): string | null {
  if (!UNSTORABLE.test(text)) return null;
  return text.includes("\0") ? "holds a NUL character" : "holds an unpaired UTF-16 surrogate";
}

function decoded(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** What is wrong with the address: malformed percent-encoding (or bytes that are not UTF-8), or unstorable text. */
export function urlProblem(url: string): string | null {
  const at = url.indexOf("?");
  const path = decoded(at < 0 ? url : url.slice(0, at));
  if (path === null) return "The address's path has malformed percent-encoding or is not UTF-8";
  const pathProblem = unstorableText(path);
  if (pathProblem) return `The address's path ${pathProblem}`;
  if (at < 0) return null;
  for (const pair of url.slice(at + 1).split("&")) {
    const [rawName = "", ...rawValue] = pair.split("=");
    const name = decoded(rawName.replaceAll("+", " "));
    const value = decoded(rawValue.join("=").replaceAll("+", " "));
    const label = name === null ? "A query parameter" : `Query parameter '${name.replaceAll("\0", "")}'`;
    if (name === null || value === null) return `${label} has malformed percent-encoding or is not UTF-8`;
    const problem = unstorableText(name) ?? unstorableText(value);
    if (problem) return `${label} ${problem}`;
  }
  return null;
}

/** Where a JSON or form body holds unstorable text (a value or a key), as "items.0.name holds a NUL character". */
export function bodyProblem(body: unknown, path = "", depth = 0): string | null {
  if (typeof body === "string") {
    const problem = unstorableText(body);
    return problem ? `${path || "The body"} ${problem}` : null;
  }
  if (!body || typeof body !== "object" || Buffer.isBuffer(body) || depth > 64) return null;
  for (const [key, value] of Object.entries(body)) {
    const at = path ? `${path}.${key}` : key;
    const keyProblem = unstorableText(key);
    if (keyProblem) return `A field name ${keyProblem}`;
    const problem = bodyProblem(value, at, depth + 1);
    if (problem) return problem;
  }
  return null;
}

const page = (message: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bad request</title><style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#faf9f7;color:#16171a}main{max-width:32rem;padding:2rem;text-align:center}@media (prefers-color-scheme:dark){body{background:#16171a;color:#f4f2ee}}</style></head><body><main><h1>We couldn't read that request</h1><p>${message.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)}.</p><p><a href="/">Back to Home</a></p></main></body></html>`;

function refuse(req: Request, res: Response, message: string) {
  res.locals.errorCode = "bad_request";
  res.status(400);
  if (req.originalUrl.startsWith("/api/") || !req.accepts("html")) res.json({ message, code: "bad_request" });
  else res.type("html").send(page(message));
}

/**
 * Input PostgreSQL cannot store, or an address that cannot be decoded, is a 400 at the door (issue 32): a NUL in a
 * query or a path would otherwise reach a query and fail there as a 500, and so would `%C3%28` in a route parameter.
 */
export const refuseUnstorableUrl: RequestHandler = (req, res, next) => {
  const problem = urlProblem(req.originalUrl);
  if (problem) refuse(req, res, problem);
  else next();
};

/** The same for a parsed JSON or form body, mounted after its parser. */
export const refuseUnstorableBody: RequestHandler = (req, res, next) => {
  const problem = bodyProblem(req.body);
  if (problem) refuse(req, res, `Invalid request: ${problem}`);
  else next();
};
