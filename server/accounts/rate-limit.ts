import { and, count, eq, gt, inArray, lt, min } from "drizzle-orm";
import type { Database } from "../db/client";
import { authAttempts } from "../db/schema";
import { AppError } from "../errors";

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;
const FIFTEEN_MINUTES = 15 * 60_000;
const HOUR = 60 * 60_000;

/** DESIGN §6: per account and per IP, counted in the database so every app instance shares them. */
export const limits = {
  loginAccount: (account: string): Limit => ({ key: `login:account:${account.toLowerCase()}`, max: 10, windowMs: FIFTEEN_MINUTES }),
  loginIp: (ip: string): Limit => ({ key: `login:ip:${ip}`, max: 100, windowMs: FIFTEEN_MINUTES }),
  registerIp: (ip: string): Limit => ({ key: `register:ip:${ip}`, max: 20, windowMs: HOUR }),
  registerAccount: (email: string): Limit => ({ key: `register:account:${email.toLowerCase()}`, max: 5, windowMs: HOUR }),
  newsletterIp: (ip: string): Limit => ({ key: `newsletter:ip:${ip}`, max: 30, windowMs: HOUR }),
  contactIp: (ip: string): Limit => ({ key: `contact:ip:${ip}`, max: 10, windowMs: HOUR }),
  stylistIp: (ip: string): Limit => ({ key: `stylist:ip:${ip}`, max: 60, windowMs: HOUR }),
  /** Password-reset requests: per address (a 429), and per account email (silently no more mails). */
  resetIp: (ip: string): Limit => ({ key: `reset:ip:${ip}`, max: 10, windowMs: HOUR }),
  resetEmail: (email: string): Limit => ({ key: `reset:email:${email.toLowerCase()}`, max: 3, windowMs: HOUR }),
  /** New verification links, per account. */
  verifyAccount: (userId: string): Limit => ({ key: `verify:account:${userId}`, max: 3, windowMs: HOUR }),
  /** Wrong second-factor codes (TOTP or recovery), per staff member (issue 29). */
  secondFactorAccount: (userId: string): Limit => ({ key: `second-factor:account:${userId}`, max: 5, windowMs: FIFTEEN_MINUTES }),
  /** Failed tries of an emailed link's token, per address. */
  tokenIp: (ip: string): Limit => ({ key: `token:ip:${ip}`, max: 20, windowMs: FIFTEEN_MINUTES }),
  /** Guest order lookups that found nothing: per address, and per order number (against guessing its email). */
  lookupIp: (ip: string): Limit => ({ key: `lookup:ip:${ip}`, max: 20, windowMs: FIFTEEN_MINUTES }),
  lookupOrder: (orderNumber: string): Limit => ({ key: `lookup:order:${orderNumber.toUpperCase()}`, max: 10, windowMs: FIFTEEN_MINUTES }),
  /** Back-in-stock and waitlist sign-ups (each mails a confirmation link): per address, and per email against inbox flooding. */
  alertIp: (ip: string): Limit => ({ key: `alert:ip:${ip}`, max: 20, windowMs: HOUR }),
  alertEmail: (email: string): Limit => ({ key: `alert:email:${email.toLowerCase()}`, max: 5, windowMs: HOUR }),
  /** Gift-card codes that can't be used (issue 51), per address: like sign-in's, against guessing codes. */
  giftCardIp: (ip: string): Limit => ({ key: `gift-card:ip:${ip}`, max: 10, windowMs: FIFTEEN_MINUTES }),
  /** Joining a drop's line (issue 48): each join also costs a solved challenge; these stop one address or account farming places. */
  dropLineIp: (ip: string): Limit => ({ key: `drop-line:ip:${ip}`, max: 20, windowMs: MINUTE }),
  dropLineAccount: (userId: string): Limit => ({ key: `drop-line:account:${userId}`, max: 5, windowMs: MINUTE }),
  /** Adding a drop's pieces in its opening hour, per address and per account. */
  dropAddIp: (ip: string): Limit => ({ key: `drop-add:ip:${ip}`, max: 30, windowMs: MINUTE }),
  dropAddAccount: (userId: string): Limit => ({ key: `drop-add:account:${userId}`, max: 15, windowMs: MINUTE }),
};

/** 429 with a Retry-After when any limit is used up within its window. */
export async function assertWithinLimits(db: Database, checks: Limit[], now: Date): Promise<void> {
  for (const check of checks) {
    const since = new Date(now.getTime() - check.windowMs);
    const [row] = await db
      .select({ n: count(), oldest: min(authAttempts.attemptedAt) })
      .from(authAttempts)
      .where(and(eq(authAttempts.key, check.key), gt(authAttempts.attemptedAt, since)));
    if ((row?.n ?? 0) >= check.max) {
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : now.getTime();
      const retryAfterSeconds = Math.max(1, Math.ceil((oldest + check.windowMs - now.getTime()) / 1000));
      throw new AppError("rate_limited", `Too many attempts. Please try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`, { retryAfterSeconds });
    }
  }
}

export async function recordAttempt(db: Database, checks: Limit[], now: Date): Promise<void> {
  await db.insert(authAttempts).values(checks.map((c) => ({ key: c.key, attemptedAt: now })));
}

/** One more attempt against `checks`, for a form anyone may send (contact, newsletter, the stylist): a 429 once used up. */
export async function spendAttempt(db: Database, checks: Limit[], now: () => Date): Promise<void> {
  await assertWithinLimits(db, checks, now());
  await recordAttempt(db, checks, now());
}

export async function clearAttempts(db: Database, checks: Limit[]): Promise<void> {
  await db.delete(authAttempts).where(inArray(authAttempts.key, checks.map((c) => c.key)));
}

export async function deleteOldAttempts(db: Database, now: () => Date): Promise<void> {
  await db.delete(authAttempts).where(lt(authAttempts.attemptedAt, new Date(now().getTime() - 24 * HOUR)));
}
