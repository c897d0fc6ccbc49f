import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { cartItems, carts, orders, processedEvents, type OrderRow } from "../db/schema";
import type { OrderDeps } from "./order-deps";
import { recordOrderEvent } from "./order-events";
import { isPaid } from "./order-status";
import { sendConfirmation } from "./owed-confirmations";
import { issueRefund } from "./owed-refunds";
import { orderStockLines } from "./release-order";
import { commitStock, restockStock, type StockLine, takeStock } from "./stock";
import { spendDiscount } from "./discount";
import { commitOrderTax } from "./order-tax";
import { orderLimitRefusal } from "../drops/drop-limits";
import { restoreOrderCredit } from "../credit/store-credit";
import { restoreOrderGiftCards } from "../gift-cards/gift-card-ledger";
import { issueBoughtGiftCards } from "../gift-cards/bought-gift-cards";

class ShortStock extends Error {}

/** Records a provider event in the caller's transaction; false when it was already applied. */
export async function recordEvent(tx: Database, event: { id: string; type: string } | undefined): Promise<boolean> {
  if (!event) return true;
  const inserted = await tx.insert(processedEvents).values(event).onConflictDoNothing().returning({ id: processedEvents.id });
  return inserted.length > 0;
}

/** Takes stock for a late payment all-or-nothing (a savepoint undoes a partial take). */
async function takeAllOrNothing(tx: Database, lines: StockLine[]): Promise<boolean> {
  try {
    await tx.transaction(async (sp) => {
      if (await takeStock(sp as unknown as Database, lines)) throw new ShortStock();
    });
    return true;
  } catch (error) {
    if (error instanceof ShortStock) return false;
    throw error;
  }
}

/**
 * DESIGN §5: the one idempotent completion, used by the webhook, the test provider and the order-status check.
 * It commits the reserved stock exactly once, clears what was bought from the cart and sends the confirmation
 * (or, should this process die first, leaves it claimed for sendOwedConfirmations).
 * A payment that lands after its reservation lapsed takes the stock if it is still free, else the order is
 * refunded. Returns the order, or null for an unknown payment.
 */
export async function markOrderPaid(deps: OrderDeps & { paymentIntentId: string; event?: { id: string; type: string } }): Promise<OrderRow | null> {
  const { db, now } = deps;
  // Read before the transaction (a settings read inside it would wait on the embedded database's one connection).
  const giftCardExpiry = deps.giftCardExpiry ? await deps.giftCardExpiry() : null;
  const outcome = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    if (!(await recordEvent(t, deps.event))) return null;
    const [order] = await t.select().from(orders).where(eq(orders.paymentIntentId, deps.paymentIntentId)).for("update");
    if (!order) return null;
    if (isPaid(order.status) || order.status === "refunded") return { order, changed: false };
    const lines = await orderStockLines(t, order.id);
    let status: "paid" | "refunded" = "paid";
    if (order.stockState === "held") await commitStock(t, lines);
    // A late payment is held to the drop's per-customer limit as a checkout is (the drop's row locked while counted).
    else if (order.stockState === "released" && ((await orderLimitRefusal(t, order, now())) !== null || !(await takeAllOrNothing(t, lines)))) status = "refunded";
    // Only a late payment can find its code used up meanwhile (its hold was released): refunded too, and the units
    // it had just taken go back on sale.
    if (status === "paid" && !(await spendDiscount(t, order))) {
      status = "refunded";
      await restockStock(t, lines);
    }
    const [updated] = await t
      .update(orders)
      .set({
        status,
        stockState: status === "paid" ? "committed" : order.stockState,
        paidAt: now(),
        paymentError: null,
        updatedAt: now(),
        // The order belongs to the account whose cart it came from, even if it was placed before signing in.
        userId: order.userId ?? (order.cartId ? sql`(select ${carts.userId} from ${carts} where ${carts.id} = ${order.cartId})` : null),
        // This process now owes the confirmation; if it dies before sending, the sweep sends it once the claim lapses.
        confirmationClaimedAt: status === "paid" ? now() : null,
      })
      .where(eq(orders.id, order.id))
      .returning();
    // A refunded late payment gives back the credit its checkout spent, as the card is refunded (afterPayment).
    if (status === "refunded") await restoreOrderCredit(t, order, "was refunded: credit returned", now());
    if (status === "refunded") await restoreOrderGiftCards(t, order, "was refunded: balance returned", now());
    await recordOrderEvent(t, { orderId: order.id, from: order.status, to: status, actor: "payment", note: status === "refunded" ? "Paid after its stock or code was taken, or over its drop's limit; refunded" : null, at: now() });
    // Gift cards bought are issued now, once (their emails go out after, server/gift-cards/send-gift-card.ts).
    if (status === "paid") await issueBoughtGiftCards(t, order, giftCardExpiry, now());
    if (status === "paid" && order.cartId) {
      const bought = lines.map((l) => l.variantId);
      await t.delete(cartItems).where(and(eq(cartItems.cartId, order.cartId), inArray(cartItems.variantId, bought)));
    }
    return { order: updated!, changed: true };
  });
  if (!outcome) {
    const [order] = await db.select().from(orders).where(eq(orders.paymentIntentId, deps.paymentIntentId));
    return order ?? null;
  }
  if (outcome.changed && outcome.order.status === "paid") deps.metrics?.orderPaid();
  if (outcome.changed) await afterPayment(deps, outcome.order);
  return outcome.order;
}

async function afterPayment(deps: OrderDeps, order: OrderRow): Promise<void> {
  if (order.status === "refunded") {
    deps.logger.warn({ orderNumber: order.orderNumber }, "payment arrived after the stock was gone; refunding");
    await issueRefund(deps, order);
    return;
  }
  await commitOrderTax(deps, order);
  await deps.afterPaid?.(order).catch((err: unknown) => deps.logger.error({ err, orderNumber: order.orderNumber }, "after-payment step failed"));
  await sendConfirmation(deps, order);
}
