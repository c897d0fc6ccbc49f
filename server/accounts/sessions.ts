import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, or } from "drizzle-orm";
import type { Database } from "../db/client";
import { sessions, users } from "../db/schema";
import { toUserJson } from "./user-json";
import type { User } from "./user-types";

/** DESIGN §6: sessions end after a week without use, and after 30 days whatever happens. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 30 * 24 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 5 * 60 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");
const WELL_FORMED = /^[A-Za-z0-9_-]{43}$/;

/** A new 256-bit session token; only its hash is stored. */
export async function createSession({ db, userId, now }: { db: Database; userId: string; now: Date }): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({ id: hashToken(token), userId, createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_MAX_MS) });
  return token;
}

/** The signed-in user for a token, or null when it is unknown, idle too long or past its absolute expiry. */
export async function findSessionUser({ db, token, now }: { db: Database; token: string | null; now: Date }): Promise<User | null> {
  if (!token || !WELL_FORMED.test(token)) return null;
  const id = hashToken(token);
  const [row] = await db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))));
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  return toUserJson(row.user);
}

export async function deleteSession({ db, token }: { db: Database; token: string }): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

export async function deleteExpiredSessions({ db, now }: { db: Database; now: Date }): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))));
}
