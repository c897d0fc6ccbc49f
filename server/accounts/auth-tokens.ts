import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { authTokens, type AuthTokenPurpose } from "../db/schema";

const hash = (token: string) => createHash("sha256").update(token).digest("base64url");
const WELL_FORMED = /^[A-Za-z0-9_-]{43}$/;

/** How long each kind of link works. */
export const TOKEN_TTL_MS: Record<AuthTokenPurpose, number> = { reset: 30 * 60_000, verify: 24 * 60 * 60_000, email_change: 60 * 60_000 };

/** A new 256-bit link token for the user; earlier unused ones of the same purpose stop working. Returns the token. */
export async function issueToken(db: Pick<Database, "insert" | "update">, { userId, purpose, newEmail = null, now }: { userId: string; purpose: AuthTokenPurpose; newEmail?: string | null; now: Date }): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.update(authTokens).set({ usedAt: now }).where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
  await db.insert(authTokens).values({ userId, purpose, tokenHash: hash(token), newEmail, expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[purpose]), createdAt: now });
  return token;
}

/** Uses a link token once, atomically: its user (and new email), or null when unknown, used, expired or of another kind. */
export async function consumeToken(db: Pick<Database, "update">, { token, purpose, now }: { token: string; purpose: AuthTokenPurpose; now: Date }) {
  if (!WELL_FORMED.test(token)) return null;
  const [used] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.tokenHash, hash(token)), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)))
    .returning({ userId: authTokens.userId, newEmail: authTokens.newEmail });
  return used ?? null;
}

/** Whether a user has an unused, unexpired link of this kind (the account page says what is pending). */
export async function hasPending(db: Pick<Database, "select">, { userId, purpose, now }: { userId: string; purpose: AuthTokenPurpose; now: Date }) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(authTokens).where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now)));
  return (row?.n ?? 0) > 0;
}
