import { and, asc, eq, isNotNull, ne, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { orderEdits, orders, refunds } from "../db/schema";
import type { PaymentProvider } from "../payments/payment-provider";

/** The differences shoppers paid for order edits, oldest first: card payments of the order besides its checkout's (decision 0056). */
export async function editPaymentsOf(db: Pick<Database, "select">, orderId: string) {
  return db
    .select({ intentId: sql<string>`${orderEdits.paymentIntentId}`, amountCents: orderEdits.differenceCents, editId: orderEdits.id })
    .from(orderEdits)
    .where(and(eq(orderEdits.orderId, orderId), eq(orderEdits.status, "applied"), isNotNull(orderEdits.paymentIntentId)))
    .orderBy(asc(orderEdits.settledAt), asc(orderEdits.id));
}

export type CardPart = { intentId: string; amountCents: number; refundId: string };

/**
 * Where the card part of a refund goes back: to the checkout's payment, and past what it still holds to the edits'
 * paid differences, oldest first (decision 0056). For an order with one payment, all of it to that payment, as
 * always. Otherwise the parts are worked out once, with the order's row locked (refunds of one order one after
 * another), from what the order's other refunds took from each payment (one written without parts took it from the
 * checkout's), and kept on the refund, so every retry sends the provider the same parts under the same ids.
 */
export async function cardRefundParts(deps: { db: Database; payments: Pick<PaymentProvider, "retrievePaymentIntent"> }, refund: { id: string; orderId: string; cardParts: CardPart[] | null }, intentId: string, cardCents: number): Promise<CardPart[]> {
  if (refund.cardParts) return refund.cardParts;
  const edits = await editPaymentsOf(deps.db, refund.orderId);
  if (edits.length === 0) return [{ intentId, amountCents: cardCents, refundId: refund.id }];
  const checkoutCents = (await deps.payments.retrievePaymentIntent(intentId)).amountCents;
  return deps.db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t.select({ id: orders.id }).from(orders).where(eq(orders.id, refund.orderId)).for("update");
    const [mine] = await t.select({ cardParts: refunds.cardParts }).from(refunds).where(eq(refunds.id, refund.id));
    if (mine?.cardParts) return mine.cardParts;
    const taken = new Map<string, number>();
    const take = (id: string, cents: number) => taken.set(id, (taken.get(id) ?? 0) + cents);
    for (const other of await t.select().from(refunds).where(and(eq(refunds.orderId, refund.orderId), ne(refunds.id, refund.id)))) {
      if (other.cardParts) for (const part of other.cardParts) take(part.intentId, part.amountCents);
      else take(intentId, other.amountCents - other.storeCreditCents);
    }
    const sources = [{ intentId, capacity: checkoutCents, refundId: refund.id }, ...edits.map((e) => ({ intentId: e.intentId, capacity: e.amountCents, refundId: `${refund.id}-${e.editId.slice(0, 8)}` }))];
    let left = cardCents;
    const parts: CardPart[] = [];
    for (const source of sources) {
      const part = Math.min(Math.max(0, source.capacity - (taken.get(source.intentId) ?? 0)), left);
      if (part > 0) parts.push({ intentId: source.intentId, amountCents: part, refundId: source.refundId });
      left -= part;
    }
    // More than the payments hold (refunds stay within the total, so never): the provider refuses the rest and says so.
    if (left > 0) parts.push({ intentId, amountCents: left, refundId: `${refund.id}-rest` });
    await t.update(refunds).set({ cardParts: parts }).where(eq(refunds.id, refund.id));
    return parts;
  });
}
