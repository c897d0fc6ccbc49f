import cluster from "node:cluster";
import pino from "pino";

export type Logger = pino.Logger;

/**
 * JSON logs. Anything that may carry a secret (authorization, cookies, passwords, tokens) is redacted. A cluster's
 * workers (WEB_CONCURRENCY) put their pid on every line, so their logs can be told apart.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: cluster.isWorker ? { pid: process.pid } : undefined,
    redact: {
      paths: ["*.authorization", "*.cookie", "*.password", "*.token", "*.clientSecret", "*.cardNumber"],
      censor: "[redacted]",
    },
  });
}
