import pino from "pino";

export type Logger = pino.Logger;

/** JSON logs. Anything that may carry a secret (authorization, cookies, passwords, tokens) is redacted. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: ["*.authorization", "*.cookie", "*.password", "*.token", "*.clientSecret", "*.cardNumber"],
      censor: "[redacted]",
    },
  });
}
