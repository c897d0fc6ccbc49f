import { hash, verify } from "@node-rs/argon2";
import { AppError } from "../errors";
import { COMMON_PASSWORDS } from "./common-passwords";

/** DESIGN §2: argon2id, m=19456 KiB, t=2, p=1 (OWASP's baseline). */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 as const };
export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 256;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

/** Verified against a real hash even when there is no such user, so both failures take the same time. */
const dummyHash = hashPassword("no such user: timing only");

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash ?? (await dummyHash), password);
  } catch {
    return false;
  }
}

/** NIST SP 800-63B style: length, no composition rules, no common passwords, nothing truncated. */
export function assertAcceptablePassword(password: string, { username, email }: { username: string; email: string }): void {
  if (password.length < MIN_PASSWORD) throw new AppError("bad_request", `Choose a password of at least ${MIN_PASSWORD} characters`);
  if (password.length > MAX_PASSWORD) throw new AppError("bad_request", `Passwords can be at most ${MAX_PASSWORD} characters`);
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower) || /^(.)\1+$/.test(password)) throw new AppError("bad_request", "That password is too common. Choose something harder to guess");
  if (lower === username.toLowerCase() || lower === email.toLowerCase()) throw new AppError("bad_request", "Your password must not be your username or email");
}
