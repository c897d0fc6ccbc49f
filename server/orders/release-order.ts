import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { orderItems, orders, type OrderRow, type OrderStatus } from "../db/schema";
import { type Actor, recordOrderEvent } from "./order-events";
import { assertTransition } from "./order-status";
import { releaseStock } from "./stock";
import { releaseDiscount } from "./discount";
import { restoreOrderCredit } from "../credit/store-credit";
import { restoreOrderGiftCards } from "../gift-cards/gift-card-ledger";

export async function orderStockLines(tx: Database, orderId: string) {
  return tx.select({ variantId: orderItems.variantId, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, orderId));
}

/** Ends a pending order (canceled or expired) and gives its reserved stock back. The order row must be locked. */
export async function releaseOrderStock(
  tx: Database,
  order: OrderRow,
  status: Extract<OrderStatus, "canceled" | "expired">,
  now: Date,
  actor: Actor = "system",
): Promise<void> {
  assertTransition(order.status, status);
  if (order.stockState === "held") await releaseStock(tx, await orderStockLines(tx, order.id));
  await releaseDiscount(tx, order.id);
  // The store credit its checkout spent comes back (issue 51).
  await restoreOrderCredit(tx, order, `ended ${status}: credit returned`, now);
  // ...and what it took from gift cards.
  await restoreOrderGiftCards(tx, order, `ended ${status}: balance returned`, now);
  await tx
    .update(orders)
    .set({ status, stockState: order.stockState === "held" ? "released" : order.stockState, updatedAt: now })
    .where(eq(orders.id, order.id));
  await recordOrderEvent(tx, { orderId: order.id, from: order.status, to: status, actor, at: now });
}
