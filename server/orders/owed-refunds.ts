import { and, eq, gt, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { orders, type OrderRow } from "../db/schema";
import type { OrderDeps } from "./order-deps";
import { isCreditPayment } from "../credit/store-credit";
import { editPaymentsOf } from "./order-payments";

/** A refund still owed this long after its order last changed was lost with its process or refused by the provider. */
export const REFUND_RETRY_MS = 60_000;
/** Retried for three days: a provider that refuses for a while (its idempotency replay lasts a day) gets more tries. */
const GIVE_UP_MS = 3 * 24 * 60 * 60_000;
const BATCH = 100;

type RefundDeps = Pick<OrderDeps, "db" | "payments" | "logger" | "now">;

/**
 * A paid order that ended refunded or canceled owes its shopper the money until the provider confirms the refund,
 * unless it became refunded through refunds written one by one (refunds.ts issues those).
 */
const refundOwed = and(
  isNotNull(orders.paidAt),
  isNotNull(orders.paymentIntentId),
  inArray(orders.status, ["refunded", "canceled"]),
  isNull(orders.refundIssuedAt),
  sql`not (${orders.status} = 'refunded' and ${orders.refundedCents} > 0)`,
);

/**
 * Refunds an order's payment and notes that the provider confirmed it. Safe to repeat: a payment is refunded in full
 * once (Stripe refuses a second full refund, and "already refunded" counts as done). A failure is logged and left to
 * issueOwedRefunds.
 */
export async function issueRefund(deps: RefundDeps, order: OrderRow): Promise<boolean> {
  try {
    // Paid by store credit alone: the credit came back in the order's transaction, and no card was charged.
    if (!isCreditPayment(order.paymentIntentId)) await deps.payments.refundPaymentIntent(order.paymentIntentId!);
    // ...and the differences its edits were paid with (decision 0056).
    for (const paid of await editPaymentsOf(deps.db, order.id)) await deps.payments.refundPaymentIntent(paid.intentId);
    await deps.db.update(orders).set({ refundIssuedAt: deps.now() }).where(eq(orders.id, order.id));
    return true;
  } catch (err) {
    deps.logger.error({ err, orderNumber: order.orderNumber }, "refund failed; the minute sweep retries it");
    return false;
  }
}

/**
 * Part of the minute sweep: the order was marked refunded or canceled in its transaction, and the refund call comes
 * after it. If the process died in between, or the provider failed, the refund is still owed: this retries it (orders
 * that changed within the last three days). Without it a shopper could be charged for an order that no longer exists.
 */
export async function issueOwedRefunds(deps: RefundDeps): Promise<number> {
  const now = deps.now().getTime();
  const owed = await deps.db
    .select()
    .from(orders)
    .where(and(refundOwed, lt(orders.updatedAt, new Date(now - REFUND_RETRY_MS)), gt(orders.updatedAt, new Date(now - GIVE_UP_MS))))
    .limit(BATCH);
  let issued = 0;
  for (const order of owed) if (await issueRefund(deps, order)) issued++;
  return issued;
}
