import { eq, ne, and, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { sessions, users } from "../db/schema";
import { AppError } from "../errors";
import type { MailingDeps } from "../mail/mail-deps";
import { accountNoticeEmail } from "../mail/account-notice";
import { consumeToken, issueToken } from "./auth-tokens";
import { assertAcceptablePassword, hashPassword, verifyPassword } from "./passwords";
import { assertWithinLimits, limits, recordAttempt } from "./rate-limit";
import { hashSessionToken } from "./sessions";

/** What the account emails need. */
export type AccountDeps = MailingDeps;
type Deps = AccountDeps;

/** The one answer to a reset request, whether or not the address has an account. */
export const RESET_REQUESTED = "If an account uses that email, we've sent it a link to choose a new password. The link works for 30 minutes.";
const BAD_LINK = "This link is invalid or has expired. Ask for a new one.";

/**
 * POST /api/auth/forgot-password: the same answer after the same work for any address. An account gets a 30-minute
 * link built from PUBLIC_URL (never the request's Host), at most 3 an hour; the mail goes out without being waited
 * for, so the answer takes as long either way. 10 requests an hour per IP.
 */
export async function requestPasswordReset(deps: Deps & { email: string; ip: string }): Promise<{ message: string }> {
  const now = deps.now();
  await assertWithinLimits(deps.db, [limits.resetIp(deps.ip)], now);
  const perEmail = limits.resetEmail(deps.email);
  // Past the per-address limit the answer stays the same; only the mail is not sent (no inbox flooding).
  const withinLimit = await assertWithinLimits(deps.db, [perEmail], now).then(
    () => true,
    () => false,
  );
  await recordAttempt(deps.db, [limits.resetIp(deps.ip), perEmail], now);
  const [user] = await deps.db.select().from(users).where(eq(sql`lower(${users.email})`, deps.email.toLowerCase()));
  if (user && withinLimit) {
    const token = await issueToken(deps.db, { userId: user.id, purpose: "reset", now });
    const link = `${deps.storeUrl}/reset-password#token=${token}`;
    const mail = accountNoticeEmail({
      to: user.email,
      subject: ({ name }) => `Reset your ${name} password`,
      heading: "Choose a new password",
      paragraphs: [`Hi ${user.name}, someone (we hope you) asked to reset the password of your account ${user.username}.`, "The link works once, for 30 minutes. If you didn't ask, ignore this email: your password stays as it is."],
      action: { label: "Choose a new password", url: link },
      storeUrl: deps.storeUrl,
      storeIdentity: deps.storeIdentity,
    });
    void mail.then((m) => deps.mailer.send(m)).catch((err) => deps.logger.error({ err }, "reset email failed"));
  }
  return { message: RESET_REQUESTED };
}

/** Ends every session of the account, or every one but `keepToken`'s. */
async function endSessions(db: Pick<Database, "delete">, userId: string, keepToken?: string | null) {
  await db.delete(sessions).where(keepToken ? and(eq(sessions.userId, userId), ne(sessions.id, hashSessionToken(keepToken))) : eq(sessions.userId, userId));
}

/**
 * POST /api/auth/reset-password: the link's token (once, within 30 minutes) and a new password under the sign-up rules.
 * Every session of the account ends; nobody is signed in by it; the owner gets a notice.
 */
export async function resetPassword(deps: Deps & { token: string; password: string; ip: string }): Promise<{ message: string }> {
  const now = deps.now();
  await assertWithinLimits(deps.db, [limits.tokenIp(deps.ip)], now);
  const user = await deps.db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const used = await consumeToken(t, { token: deps.token, purpose: "reset", now });
    if (!used) return null;
    const [account] = await t.select().from(users).where(eq(users.id, used.userId));
    assertAcceptablePassword(deps.password, account!);
    await t.update(users).set({ passwordHash: await hashPassword(deps.password), updatedAt: now }).where(eq(users.id, used.userId));
    await endSessions(t, used.userId);
    return account!;
  });
  if (!user) {
    await recordAttempt(deps.db, [limits.tokenIp(deps.ip)], now);
    throw new AppError("bad_request", BAD_LINK);
  }
  await passwordChangedNotice(user, deps)
    .then((mail) => deps.mailer.send(mail))
    .catch((err) => deps.logger.error({ err }, "password notice failed"));
  return { message: "Your password is changed. Sign in with the new one." };
}

/** PATCH /api/account/password: the current password and a new one; this session stays, every other one ends. */
export async function changePassword(deps: Deps & { userId: string; sessionToken: string | null; currentPassword: string; newPassword: string }) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, deps.userId));
  if (!user || !(await verifyPassword(user.passwordHash, deps.currentPassword))) throw new AppError("bad_request", "Your current password is not right");
  assertAcceptablePassword(deps.newPassword, user);
  if (deps.newPassword === deps.currentPassword) throw new AppError("bad_request", "Choose a password different from the current one");
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash: await hashPassword(deps.newPassword), updatedAt: deps.now() }).where(eq(users.id, user.id));
    await endSessions(tx as unknown as Database, user.id, deps.sessionToken);
  });
  await passwordChangedNotice(user, deps)
    .then((mail) => deps.mailer.send(mail))
    .catch((err) => deps.logger.error({ err }, "password notice failed"));
  return { message: "Password changed. You stay signed in here; other devices are signed out." };
}

function passwordChangedNotice(user: { email: string; name: string }, { storeUrl, storeIdentity }: Pick<AccountDeps, "storeUrl" | "storeIdentity">) {
  return accountNoticeEmail({
    to: user.email,
    subject: ({ name }) => `Your ${name} password was changed`,
    heading: "Your password was changed",
    paragraphs: [`Hi ${user.name}, the password of your account was just changed, and every other device was signed out.`, "If this wasn't you, reset your password now and write to us."],
    action: { label: "Reset your password", url: `${storeUrl}/forgot-password` },
    storeUrl,
    storeIdentity,
  });
}
