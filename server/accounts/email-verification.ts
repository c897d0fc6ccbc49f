import { and, eq, ne, sql } from "drizzle-orm";
import { users } from "../db/schema";
import { AppError } from "../errors";
import { accountNoticeEmail } from "../mail/account-notice";
import { consumeToken, issueToken } from "./auth-tokens";
import type { AccountDeps } from "./password-reset";
import { verifyPassword } from "./passwords";
import { assertWithinLimits, limits, recordAttempt } from "./rate-limit";
import { toUserJson } from "./user-json";

type Deps = AccountDeps;
type AccountNotice = Parameters<typeof accountNoticeEmail>[0];

const BAD_LINK = "This link is invalid or has expired. Ask for a new one from your account.";

/** Mails a 24-hour link proving the account's email is its owner's (on sign-up, and when asked again). */
export async function sendVerification(deps: Deps & { user: { id: string; email: string; name: string } }) {
  const token = await issueToken(deps.db, { userId: deps.user.id, purpose: "verify", now: deps.now() });
  await accountNoticeEmail({
    to: deps.user.email,
    subject: ({ name }) => `Confirm your email for ${name}`,
    heading: "Confirm your email",
    paragraphs: [`Hi ${deps.user.name}, please confirm this is your email, so order updates and password links reach you.`, "The link works for 24 hours."],
    action: { label: "Confirm my email", url: `${deps.storeUrl}/verify-email#token=${token}` },
    storeUrl: deps.storeUrl,
    storeIdentity: deps.storeIdentity,
  })
    .then((mail) => deps.mailer.send(mail))
    .catch((err) => deps.logger.error({ err }, "verification email failed"));
}

/** POST /api/account/verify-email/resend: a new link, 3 an hour per account. */
export async function resendVerification(deps: Deps & { userId: string }) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, deps.userId));
  if (!user) throw new AppError("not_found", "Account not found");
  if (user.emailVerifiedAt) return { message: "Your email is already confirmed." };
  const limit = limits.verifyAccount(user.id);
  await assertWithinLimits(deps.db, [limit], deps.now());
  await recordAttempt(deps.db, [limit], deps.now());
  await sendVerification({ ...deps, user });
  return { message: `We've sent a new link to ${user.email}.` };
}

/** POST /api/auth/verify-email: the link's token, once, within 24 hours; no sign-in needed. */
export async function confirmEmail(deps: Deps & { token: string; ip: string }) {
  const now = deps.now();
  await assertWithinLimits(deps.db, [limits.tokenIp(deps.ip)], now);
  const used = await consumeToken(deps.db, { token: deps.token, purpose: "verify", now });
  if (!used) {
    await recordAttempt(deps.db, [limits.tokenIp(deps.ip)], now);
    throw new AppError("bad_request", BAD_LINK);
  }
  await deps.db.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, used.userId));
  return { message: "Your email is confirmed. Thank you!" };
}

/**
 * POST /api/account/email: the password and a new address. Nothing changes yet: the new address gets a one-hour link,
 * the current one a notice. The same answer whether or not the new address is free (it is checked on confirmation).
 */
export async function requestEmailChange(deps: Deps & { userId: string; password: string; newEmail: string }) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, deps.userId));
  if (!user || !(await verifyPassword(user.passwordHash, deps.password))) throw new AppError("bad_request", "Your password is not right");
  const newEmail = deps.newEmail.toLowerCase();
  if (newEmail === user.email.toLowerCase()) throw new AppError("bad_request", "That is already your email");
  const token = await issueToken(deps.db, { userId: user.id, purpose: "email_change", newEmail, now: deps.now() });
  const store = { storeUrl: deps.storeUrl, storeIdentity: deps.storeIdentity };
  const confirm: AccountNotice = {
    ...store,
    to: newEmail,
    subject: ({ name }) => `Confirm your new email for ${name}`,
    heading: "Confirm your new email",
    paragraphs: [`Hi ${user.name}, confirm that ${newEmail} should be the email of your account ${user.username}.`, "The link works for one hour. Until then your account keeps its current email."],
    action: { label: "Confirm my new email", url: `${deps.storeUrl}/confirm-email#token=${token}` },
  };
  const notice: AccountNotice = {
    ...store,
    to: user.email,
    subject: ({ name }) => `Your ${name} email is about to change`,
    heading: "A change of email was asked for",
    paragraphs: [`Someone signed in to your account asked to change its email to ${newEmail}. It changes only when that address confirms.`, "If this wasn't you, change your password now."],
    action: { label: "Change your password", url: `${deps.storeUrl}/account?tab=security` },
  };
  for (const mail of [confirm, notice]) {
    await accountNoticeEmail(mail)
      .then((m) => deps.mailer.send(m))
      .catch((err) => deps.logger.error({ err }, "email change mail failed"));
  }
  return { message: `We've sent a link to ${newEmail}. Your email changes when you follow it.` };
}

/** POST /api/auth/confirm-email: moves the account to its new email (confirmed by this link) if no one took it since. */
export async function confirmEmailChange(deps: Deps & { token: string; ip: string }) {
  const now = deps.now();
  await assertWithinLimits(deps.db, [limits.tokenIp(deps.ip)], now);
  const changed = await deps.db.transaction(async (tx) => {
    const used = await consumeToken(tx, { token: deps.token, purpose: "email_change", now });
    if (!used?.newEmail) return null;
    const [taken] = await tx.select({ id: users.id }).from(users).where(and(eq(sql`lower(${users.email})`, used.newEmail), ne(users.id, used.userId)));
    if (taken) throw new AppError("conflict", "Another account uses that email now, so yours was not changed");
    const [user] = await tx.update(users).set({ email: used.newEmail, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, used.userId)).returning();
    return user!;
  });
  if (!changed) {
    await recordAttempt(deps.db, [limits.tokenIp(deps.ip)], now);
    throw new AppError("bad_request", BAD_LINK);
  }
  return { message: `Your account's email is now ${changed.email}.`, user: toUserJson(changed) };
}
