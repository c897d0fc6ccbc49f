import { randomBytes } from "node:crypto";
import { and, eq, notInArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { testPaymentIntents } from "../db/schema";
import { AppError } from "../errors";
import type { IntentStatus, PaymentEvent, PaymentIntent, PaymentProvider } from "./payment-provider";

type Row = typeof testPaymentIntents.$inferSelect;

const toIntent = (row: Row): PaymentIntent => ({
  id: row.id,
  clientSecret: row.clientSecret,
  status: row.status as IntentStatus,
  amountCents: row.amountCents,
  lastError: row.lastError,
});

type Unsent<E> = E extends unknown ? Omit<E, "id"> : never;
export type PaymentEventHandler = (event: PaymentEvent) => Promise<void>;

/**
 * The built-in provider used when no Stripe keys are set (DESIGN §5): the same flow end to end, with our own card
 * form (server/payments/test-payments.ts). Its intents live in the database.
 *
 * Like Stripe, it tells the store what happened to a payment only through events, each with its own id, which the
 * store hands to the one payment-event handler (issue 35; `onEvent`, wired in server/orders/checkout-service.ts): succeeded, failed
 * and canceled as the intent changes, and a refund as an event the handler acknowledges and ignores, as Stripe's
 * `charge.refunded` is. It knows no order rule.
 */
export function createTestPaymentProvider({ db }: { db: Database }): PaymentProvider & {
  setIntentStatus(id: string, status: IntentStatus, lastError?: string | null): Promise<PaymentIntent>;
  onEvent(handler: PaymentEventHandler): void;
} {
  let deliver: PaymentEventHandler | null = null;
  /** Sends one event and waits for the store to apply it (Stripe's webhook, without the network). */
  async function emit(event: Unsent<PaymentEvent>): Promise<void> {
    await deliver?.({ id: `evt_test_${randomBytes(12).toString("hex")}`, ...event } as PaymentEvent);
  }
  async function find(id: string): Promise<Row> {
    const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id));
    if (!row) throw new AppError("not_found", "Payment not found");
    return row;
  }
  return {
    name: "test",
    publishableKey: null,
    async createPaymentIntent({ orderId, amountCents, idempotencyKey }) {
      const id = `pi_test_${randomBytes(12).toString("hex")}`;
      const [created] = await db
        .insert(testPaymentIntents)
        .values({ id, clientSecret: `${id}_secret_${randomBytes(16).toString("hex")}`, idempotencyKey, orderId, amountCents, status: "requires_payment_method" })
        .onConflictDoNothing({ target: testPaymentIntents.idempotencyKey })
        .returning();
      // The same key again (a retry): the intent made the first time, as Stripe answers it.
      const [row] = created ? [created] : await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.idempotencyKey, idempotencyKey));
      return toIntent(row!);
    },
    async retrievePaymentIntent(id) {
      return toIntent(await find(id));
    },
    async cancelPaymentIntent(id) {
      const canceled = await db
        .update(testPaymentIntents)
        .set({ status: "canceled" })
        .where(and(eq(testPaymentIntents.id, id), notInArray(testPaymentIntents.status, ["succeeded", "canceled"])))
        .returning({ id: testPaymentIntents.id });
      if (canceled.length) await emit({ type: "payment_intent.canceled", intentId: id });
    },
    async refundPaymentIntent(id) {
      await find(id);
      await db.update(testPaymentIntents).set({ lastError: "Refunded" }).where(eq(testPaymentIntents.id, id));
      await emit({ type: "ignored", eventType: "charge.refunded" });
    },
    async refundPayment({ intentId, amountCents, refundId }) {
      const intent = await find(intentId);
      if (intent.status !== "succeeded") throw new AppError("conflict", "Only a paid payment can be refunded");
      await db
        .update(testPaymentIntents)
        .set({ refundIds: sql`array_append(${testPaymentIntents.refundIds}, ${refundId})`, refundedCents: sql`${testPaymentIntents.refundedCents} + ${amountCents}` })
        .where(and(eq(testPaymentIntents.id, intentId), sql`not (${refundId} = any(${testPaymentIntents.refundIds}))`, sql`${testPaymentIntents.refundedCents} + ${amountCents} <= ${testPaymentIntents.amountCents}`));
      const [after] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId));
      if (!after!.refundIds.includes(refundId)) throw new AppError("conflict", "The refund is more than what is left of the payment");
      await emit({ type: "ignored", eventType: "charge.refunded" });
    },
    parseWebhook() {
      throw new AppError("not_found", "The test payment provider sends no webhooks");
    },
    /** The card form's outcome: the intent's new state, and the event Stripe would send for it. */
    async setIntentStatus(id, status, lastError = null) {
      const [row] = await db.update(testPaymentIntents).set({ status, lastError }).where(eq(testPaymentIntents.id, id)).returning();
      if (!row) throw new AppError("not_found", "Payment not found");
      if (status === "succeeded") await emit({ type: "payment_intent.succeeded", intentId: id, amountCents: row.amountCents });
      else if (status === "requires_payment_method" && lastError) await emit({ type: "payment_intent.payment_failed", intentId: id, message: lastError });
      else if (status === "canceled") await emit({ type: "payment_intent.canceled", intentId: id });
      return toIntent(row);
    },
    onEvent(handler) {
      deliver = handler;
    },
  };
}

export type TestPaymentProvider = ReturnType<typeof createTestPaymentProvider>;
