/** SQLSTATE classes and codes that mean "the server is not there" rather than "this query is wrong". */
const UNAVAILABLE_STATES = /^(08\d{3}|57P0[1-3]|53300)$/;
const UNAVAILABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|the database system is (shutting down|starting up)/i;

/**
 * Whether an error (or what it wraps: Drizzle wraps the driver's error in `cause`) says the database cannot be
 * reached: refused or dropped connections, a server shutting down or starting, too many connections. Such a request
 * answers 503 and may be retried; any other error stays a 500 (decision 0027).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_CODES.has(code))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}

export const UNAVAILABLE_MESSAGE = "The store is briefly unavailable. Please try again in a moment.";

/** The outage page, for the API's browser visitors and every page kind alike: no script, no database. */
export const UNAVAILABLE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Back in a moment</title><style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#faf9f7;color:#16171a}main{max-width:32rem;padding:2rem;text-align:center}@media (prefers-color-scheme:dark){body{background:#16171a;color:#f4f2ee}}</style></head><body><main><h1>We'll be right back</h1><p>${UNAVAILABLE_MESSAGE}</p></main></body></html>`;

const OUTAGE_LOG_INTERVAL_MS = 10_000;

/**
 * A logger for requests that failed because the database is unavailable, which writes at most one line every 10
 * seconds: during an outage every request fails the same way, and a line each would bury the rest of the log. The
 * next line says how many were folded into it.
 */
export function createOutageLog() {
  let lastLine = Number.NEGATIVE_INFINITY;
  let folded = 0;
  return (warn: (fields: object, message: string) => void, err: unknown, now = Date.now()): void => {
    if (now - lastLine < OUTAGE_LOG_INTERVAL_MS) {
      folded++;
      return;
    }
    const { message, code } = (err ?? {}) as { message?: unknown; code?: unknown };
    warn({ err: { message: String(message), code }, alsoFailedSinceLastLine: folded }, "database unavailable");
    lastLine = now;
    folded = 0;
  };
}

/** The process's one outage log, shared by the API and the pages. */
export const logDatabaseUnavailable = createOutageLog();
