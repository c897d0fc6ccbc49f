import { and, eq, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { RecoverySkipReason } from "../../shared/recovery";
import type { Database } from "../db/client";
import { checkoutRecoveries, marketingOptOuts, newsletterSubscribers, orders, recoveryMessages } from "../db/schema";
import type { StoreInfo } from "../mail/components/layout";
import type { Mailer } from "../mail/mailer";
import { describeDiscount, findDiscount } from "../orders/discount";
import type { UnsubscribeLinks } from "../unsubscribe/unsubscribe-links";
import { recoveryEmail } from "./recovery-email";
import { loadRecoveryLines, type RecoveryLine } from "./recovery-lines";
import type { RecoveryLinks } from "./recovery-links";
import type { RecoverySettings } from "./recovery-settings";

export const stepJobSchema = z.object({ recoveryId: z.uuid(), step: z.union([z.literal(1), z.literal(2)]) }).strict();
export type StepJob = z.infer<typeof stepJobSchema>;

export interface SendStepDeps extends StoreInfo {
  db: Database;
  mailer: Mailer;
  now: () => Date;
  settings: () => Promise<RecoverySettings>;
  links: RecoveryLinks;
  unsubscribeLinks: UnsubscribeLinks;
  /** Counts each outcome (server/metrics). */
  counted?: (outcome: "sent" | RecoverySkipReason) => void;
}

type Recovery = typeof checkoutRecoveries.$inferSelect;
type Tx = Database;

/** Has this address paid for any order since it left this checkout? */
async function paidSince(tx: Tx, r: Recovery): Promise<boolean> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(sql`lower(${orders.email}) = ${r.email.toLowerCase()}`, isNotNull(orders.paidAt), sql`${orders.paidAt} >= ${r.abandonedAt.toISOString()}::timestamptz`))
    .limit(1);
  return Boolean(row);
}

/** The newsletter row of the address, if any: a subscriber counts as consent, an unsubscribed one as a no. */
async function subscriberOf(tx: Tx, email: string) {
  const [row] = await tx.select({ unsubscribedAt: newsletterSubscribers.unsubscribedAt }).from(newsletterSubscribers).where(sql`lower(${newsletterSubscribers.email}) = ${email.toLowerCase()}`);
  return row ?? null;
}

/** Why this step must not be sent now, checked right before the send; null means send. */
async function skipReason(tx: Tx, r: Recovery, step: number, settings: RecoverySettings, lines: RecoveryLine[]): Promise<RecoverySkipReason | null> {
  if (settings.delays.every((d) => d.step !== step)) return "turned_off";
  if (await paidSince(tx, r)) return "paid";
  const subscriber = await subscriberOf(tx, r.email);
  const [optOut] = await tx.select({ email: marketingOptOuts.email }).from(marketingOptOuts).where(eq(marketingOptOuts.email, r.email.toLowerCase()));
  if (optOut || subscriber?.unsubscribedAt) return "unsubscribed";
  if (settings.audience === "consented" && !subscriber) {
    const [order] = await tx.select({ consentAt: orders.marketingConsentAt }).from(orders).where(eq(orders.id, r.orderId));
    if (!order?.consentAt) return "no_consent";
  }
  if (lines.length === 0) return "empty_cart";
  if (lines.every((l) => l.available === 0)) return "sold_out";
  return null;
}

/** The 2nd email's code, when staff chose one and it can still be used by this address now; else none. */
async function discountFor(deps: SendStepDeps, step: number, email: string, code: string | null) {
  if (step !== 2 || !code) return null;
  const discount = await findDiscount(deps.db, code, deps.now(), { customer: { userId: null, email } }).catch(() => null);
  if (!discount) return null;
  const label = await describeDiscount(deps.db, discount.rule);
  return { code: discount.code, label: label.charAt(0).toLowerCase() + label.slice(1) };
}

/**
 * One step of one left checkout (issue 31, decision 0037): decided once, in a transaction that locks the checkout's
 * row (so two processes decide it one after the other), then sent outside it. A step already sent is recorded as
 * skipped "already_sent"; a step already skipped stays decided. A failed send takes its claim back and throws, so
 * the job retries. Returns the outcome, or null when there was nothing to do.
 */
export async function sendStep(deps: SendStepDeps, job: StepJob): Promise<"sent" | RecoverySkipReason | null> {
  const { db, now } = deps;
  const settings = await deps.settings();
  type Decision = { reason: RecoverySkipReason } | { send: { recovery: Recovery; lines: RecoveryLine[]; discount: Awaited<ReturnType<typeof discountFor>>; messageId: number } } | null;
  const decided: Decision = await db.transaction(async (tx): Promise<Decision> => {
    const t = tx as unknown as Database;
    const [r] = await t.select().from(checkoutRecoveries).where(eq(checkoutRecoveries.id, job.recoveryId)).for("update");
    if (!r) return null;
    const [prior] = await t
      .select({ outcome: recoveryMessages.outcome })
      .from(recoveryMessages)
      .where(and(eq(recoveryMessages.recoveryId, r.id), eq(recoveryMessages.step, job.step), sql`${recoveryMessages.reason} is distinct from 'already_sent'`));
    if (prior?.outcome === "skipped") return null;
    const lines = r.cartId ? await loadRecoveryLines(t, { cartId: r.cartId, orderId: r.orderId }) : [];
    const reason: RecoverySkipReason | null = prior ? "already_sent" : await skipReason(t, r, job.step, settings, lines);
    if (reason) {
      await t.insert(recoveryMessages).values({ recoveryId: r.id, step: job.step, outcome: "skipped", reason, at: now() });
      return { reason };
    }
    const discount = await discountFor({ ...deps, db: t }, job.step, r.email, settings.discountCode);
    const [claim] = await t.insert(recoveryMessages).values({ recoveryId: r.id, step: job.step, outcome: "sending", discountCode: discount?.code ?? null, at: now() }).returning({ id: recoveryMessages.id });
    return { send: { recovery: r, lines, discount, messageId: claim!.id } };
  });
  if (!decided) return null;
  if ("reason" in decided) {
    deps.counted?.(decided.reason);
    return decided.reason;
  }
  const { recovery, lines, discount, messageId } = decided.send;
  try {
    const message = await recoveryEmail({
      to: recovery.email,
      step: job.step,
      lines,
      discount,
      restoreUrl: await deps.links.urlFor({ recoveryId: recovery.id, step: job.step }),
      unsubscribeUrl: await deps.unsubscribeLinks.urlFor({ kind: "recovery", id: messageId }),
      storeUrl: deps.storeUrl,
      storeIdentity: deps.storeIdentity,
    });
    await deps.mailer.send(message);
  } catch (err) {
    await db.delete(recoveryMessages).where(and(eq(recoveryMessages.id, messageId), eq(recoveryMessages.outcome, "sending")));
    throw err;
  }
  await db.update(recoveryMessages).set({ outcome: "sent", at: now() }).where(eq(recoveryMessages.id, messageId));
  deps.counted?.("sent");
  return "sent";
}
