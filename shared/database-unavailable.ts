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
