import { eq, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { type UserRow, users } from "../db/schema";
import { AppError } from "../errors";
import type { RegisterInput } from "./account-schemas";
import { mergeCartIntoAccount } from "./merge-cart";
import { assertAcceptablePassword, hashPassword, verifyPassword } from "./passwords";
import { assertWithinLimits, clearAttempts, limits, recordAttempt } from "./rate-limit";
import { createSession, findSessionUser } from "./sessions";
import { recordAudit } from "../audit/audit-log";
import { toUserJson } from "./user-json";
import type { User } from "./user-types";

export interface SignedIn {
  token: string;
  user: User;
}

interface Visit {
  db: Database;
  now: () => Date;
  ip: string;
  cartToken: string | null;
  /** The browser's User-Agent, kept with the session to name the device. */
  userAgent?: string | null;
}

const INVALID = "Invalid username or password";

/** POST /api/auth/login: the same answer, after the same work, for an unknown user and a wrong password. */
export async function signIn({ db, now, ip, cartToken, userAgent, username, password }: Visit & { username: string; password: string }): Promise<SignedIn> {
  const checks = [limits.loginAccount(username), limits.loginIp(ip)];
  await assertWithinLimits(db, checks, now());
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, username.toLowerCase()), eq(sql`lower(${users.email})`, username.toLowerCase())))
    .limit(1);
  const valid = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !valid) {
    await recordAttempt(db, checks, now());
    // A wrong password for a staff account is worth knowing about (issue 29): the audit log keeps it.
    if (user?.role === "admin") await recordAudit(db, { actor: `staff:${user.username}`, entity: "sign_in", entityId: user.id, action: "sign-in-failed" }, now());
    throw new AppError("unauthorized", INVALID);
  }
  await clearAttempts(db, [checks[0]!]);
  assertNotSuspended(user);
  return startSession({ db, now, cartToken, userAgent, userId: user.id, user: toUserJson(user) });
}

/** POST /api/auth/register: a customer account, signed in at once. */
export async function register({ db, now, ip, cartToken, userAgent, input }: Visit & { input: RegisterInput }): Promise<SignedIn> {
  const checks = [limits.registerIp(ip), limits.registerAccount(input.email)];
  await assertWithinLimits(db, checks, now());
  await recordAttempt(db, checks, now());
  assertAcceptablePassword(input.password, input);
  await assertAvailable(db, { username: input.username, email: input.email });
  const passwordHash = await hashPassword(input.password);
  const [created] = await db
    .insert(users)
    .values({ username: input.username, email: input.email.toLowerCase(), name: input.name, passwordHash })
    .onConflictDoNothing()
    .returning();
  if (!created) throw new AppError("conflict", "That username or email is already registered");
  return startSession({ db, now, cartToken, userAgent, userId: created.id, user: toUserJson(created) });
}

/** 409 naming which of username and email another account already uses. */
export async function assertAvailable(db: Database, { username, email, exceptUserId }: { username?: string; email?: string; exceptUserId?: string }): Promise<void> {
  const clash = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(or(username ? eq(sql`lower(${users.username})`, username.toLowerCase()) : sql`false`, email ? eq(sql`lower(${users.email})`, email.toLowerCase()) : sql`false`));
  const other = clash.find((u) => u.id !== exceptUserId);
  if (!other) return;
  if (username && other.username.toLowerCase() === username.toLowerCase()) throw new AppError("conflict", "That username is taken");
  throw new AppError("conflict", "An account with that email already exists");
}

/** A suspended staff member can't sign in (told only after the right password, so it reveals nothing to a guesser). */
export function assertNotSuspended(user: Pick<UserRow, "role" | "suspendedAt">): void {
  if (user.role === "admin" && user.suspendedAt) throw new AppError("forbidden", "This staff account is suspended. Ask the store owner to restore it.");
}

/**
 * Opens a session. `secondFactor` is true when the sign-in itself was two factors (a passkey); a staff member signing in
 * with a password then gives one on /admin/two-step. The answer's user is the session's (with the staff role and state).
 */
export async function startSession({ db, now, cartToken, userAgent, userId, user, secondFactor = false }: Omit<Visit, "ip"> & { userId: string; user: User; secondFactor?: boolean }): Promise<SignedIn> {
  const token = await createSession({ db, userId, now: now(), userAgent, secondFactor });
  if (user.role === "admin") await recordAudit(db, { actor: `staff:${user.username}`, entity: "sign_in", entityId: userId, action: secondFactor ? "sign-in-passkey" : "sign-in" }, now());
  await mergeCartIntoAccount({ db, cartToken, userId });
  return { token, user: (await findSessionUser({ db, token, now })) ?? user };
}
