import { and, asc, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { giftCardEntries, giftCards, orderItems, orders, type OrderRow } from "../db/schema";

/**
 * Paying for gift cards issues them (issue 51), in the transaction that marks the order paid: one card per unit
 * bought, holding what the unit cost, for the recipient the line names (else the buyer). No code exists yet: it is
 * made when the card's email goes out (server/gift-cards/send-gift-card.ts), so none waits in the database or a job.
 * A payment confirmed twice issues nothing more (one card per order line and unit: gift_cards_order_unit_key).
 */
export async function issueBoughtGiftCards(tx: Database, order: Pick<OrderRow, "id" | "orderNumber" | "email">, expiresAt: Date | null, now: Date): Promise<number> {
  const lines = await tx.select().from(orderItems).where(and(eq(orderItems.orderId, order.id), eq(orderItems.giftCard, true))).orderBy(asc(orderItems.id));
  let issued = 0;
  for (const line of lines) {
    for (let unit = 1; unit <= line.quantity; unit++) {
      const [card] = await tx
        .insert(giftCards)
        .values({ orderId: order.id, orderItemId: line.id, orderUnit: unit, recipientEmail: (line.giftRecipientEmail ?? order.email).toLowerCase(), message: line.giftMessage, sendAt: line.giftSendAt, expiresAt, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: giftCards.id });
      if (!card) continue;
      await tx.insert(giftCardEntries).values({ giftCardId: card.id, amountCents: line.unitPriceCents, kind: "issue", reason: `Bought in order ${order.orderNumber}`, actor: "shopper", orderId: order.id, createdAt: now });
      issued++;
    }
  }
  return issued;
}

/** Bought cards whose email is due and not yet sent (the minute sweep and the step after a payment queue each one). */
export async function dueGiftCards(db: Database, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: giftCards.id })
    .from(giftCards)
    .innerJoin(orders, eq(orders.id, giftCards.orderId))
    .where(and(isNull(giftCards.sentAt), or(isNull(giftCards.sendAt), lte(giftCards.sendAt, now)), eq(giftCards.status, "active"), sql`${orders.status} in ('paid', 'processing', 'shipped', 'delivered')`))
    .orderBy(asc(giftCards.createdAt))
    .limit(200);
  return rows.map((r) => r.id);
}
