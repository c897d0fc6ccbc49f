import { createHash, randomBytes } from "node:crypto";

/** The browser keeps the token; the database keeps only its hash, so a database leak opens no cart. */
export function newCartToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashCartToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export function isWellFormedCartToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
