import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { passkeys, sessions, staffRoles, users } from "../db/schema";
import { OWNER_ROLE_KEY, isPermission } from "../../shared/staff-permissions";
import { AppError } from "../errors";
import { toUserJson } from "./user-json";
import type { User } from "./user-types";

/** DESIGN §6: sessions end after a week without use, and after 30 days whatever happens. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 30 * 24 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 5 * 60 * 1000;
/** Issue 29: staff sessions end after 30 minutes idle and 12 hours in total; shoppers' are untouched. */
export const STAFF_IDLE_MS = 30 * 60 * 1000;
export const STAFF_MAX_MS = 12 * 60 * 60 * 1000;
const STAFF_TOUCH_EVERY_MS = 60 * 1000;
/** A step-up: the second factor is asked again when it was last given longer ago than this (STAFF_STEP_UP_SECONDS). */
export const STEP_UP_MS = 10 * 60 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");
/** A session's id: the SHA-256 of its token. */
export const hashSessionToken = hashToken;
const WELL_FORMED = /^[A-Za-z0-9_-]{43}$/;

/** A new 256-bit session token; only its hash is stored. */
export async function createSession({ db, userId, now, userAgent = null, secondFactor = false }: { db: Database; userId: string; now: Date; userAgent?: string | null; secondFactor?: boolean }): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({ id: hashToken(token), userId, createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_MAX_MS), userAgent: userAgent?.slice(0, 400) ?? null, secondFactorAt: secondFactor ? now : null });
  return token;
}

/**
 * The signed-in user for a token, or null when it is unknown, idle too long or past its absolute expiry. A staff
 * member's session follows the staff limits and ends when they are suspended; their second-factor state comes along.
 */
export async function findSessionUser({ db, token, now: clock, stepUpMs = STEP_UP_MS }: { db: Database; token: string | null; now: () => Date; stepUpMs?: number }): Promise<User | null> {
  if (!token || !WELL_FORMED.test(token)) return null;
  const now = clock();
  const id = hashToken(token);
  const [row] = await db
    .select({
      user: users,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      secondFactorAt: sessions.secondFactorAt,
      role: staffRoles,
      hasPasskey: sql<boolean>`exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(staffRoles, and(eq(staffRoles.id, users.staffRoleId), eq(users.role, "admin")))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))));
  if (!row) return null;
  const staff = row.role !== null;
  if (staff && (row.user.suspendedAt || now.getTime() - row.lastSeenAt.getTime() > STAFF_IDLE_MS || now.getTime() - row.createdAt.getTime() >= STAFF_MAX_MS)) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > (staff ? STAFF_TOUCH_EVERY_MS : TOUCH_EVERY_MS)) await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  const user = toUserJson(row.user);
  if (row.role) {
    const given = row.secondFactorAt !== null;
    user.staff = {
      roleId: row.role.id,
      roleName: row.role.name,
      owner: row.role.key === OWNER_ROLE_KEY,
      permissions: row.role.permissions.filter(isPermission),
      secondFactor: { totp: row.user.totpSecret !== null, passkey: Boolean(row.hasPasskey), given, fresh: given && now.getTime() - row.secondFactorAt!.getTime() <= stepUpMs },
    };
  }
  return user;
}

/** Records that the session behind `token` just gave its second factor (a code, a recovery code or a passkey). */
export async function markSecondFactor({ db, token, now }: { db: Database; token: string; now: Date }): Promise<void> {
  await db.update(sessions).set({ secondFactorAt: now }).where(eq(sessions.id, hashToken(token)));
}

export async function deleteSession({ db, token }: { db: Database; token: string }): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

export async function deleteExpiredSessions({ db, now: clock }: { db: Database; now: () => Date }): Promise<void> {
  const now = clock();
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))));
}

/** A session's public name: derived from its id, so the page never shows what the database keys sessions by. */
const keyOf = (id: string) => hashToken(id).slice(0, 22);

/** The account's signed-in devices, this one first, then by last use. */
export async function listSessions({ db, userId, currentToken, now: clock }: { db: Database; userId: string; currentToken: string | null; now: () => Date }) {
  const now = clock();
  const current = currentToken ? hashToken(currentToken) : null;
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))));
  return rows
    .map((r) => ({ key: keyOf(r.id), current: r.id === current, device: deviceName(r.userAgent), createdAt: r.createdAt.toISOString(), lastSeenAt: r.lastSeenAt.toISOString() }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
}

/** Signs one device out (404 when the account has no such session). */
export async function endSessionByKey({ db, userId, key }: { db: Database; userId: string; key: string }) {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  const match = rows.find((r) => keyOf(r.id) === key);
  if (!match) throw new AppError("not_found", "That device is not signed in");
  await db.delete(sessions).where(eq(sessions.id, match.id));
}

/** Signs the account out everywhere, this browser too. */
export async function endAllSessions({ db, userId }: { db: Database; userId: string }) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** "Chrome on macOS" from a User-Agent; "Unknown device" without one. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent) ? "Edge" : /OPR\//.test(userAgent) ? "Opera" : /Firefox\//.test(userAgent) ? "Firefox" : /Chrome\//.test(userAgent) ? "Chrome" : /Safari\//.test(userAgent) ? "Safari" : null;
  const os = /iPhone|iPad/.test(userAgent) ? "iOS" : /Android/.test(userAgent) ? "Android" : /Mac OS X/.test(userAgent) ? "macOS" : /Windows/.test(userAgent) ? "Windows" : /CrOS/.test(userAgent) ? "ChromeOS" : /Linux/.test(userAgent) ? "Linux" : null;
  if (!browser && !os) return userAgent.length > 40 ? `${userAgent.slice(0, 40)}…` : userAgent;
  return [browser ?? "A browser", os && `on ${os}`].filter(Boolean).join(" ");
}
