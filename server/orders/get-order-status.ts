import { asc, eq } from "drizzle-orm";
import { type CartOwner, findCartId } from "../cart/cart-owner";
import { orderItems, orders, type OrderRow } from "../db/schema";
import { AppError } from "../errors";
import { markOrderPaid } from "./mark-order-paid";
import type { OrderDeps } from "./order-deps";
import { toOrderAnswer } from "./order-json";
import { listOrderTaxLines } from "./tax-lines";
import type { OrderStatusAnswer } from "./order-status-types";
import { cancelOrderForPayment } from "./payment-setbacks";

const notFound = () => new AppError("not_found", "Order not found");

/**
 * The order behind a payment, for the browser that placed it (others get the same 404 as for an unknown
 * payment). While the order still waits for its payment, the provider is asked and the order reconciled, so a
 * paid payment never lacks an order even when its webhook is late or lost.
 */
export async function getOrderStatus(deps: OrderDeps & { paymentIntentId: string; owner: CartOwner }): Promise<OrderStatusAnswer> {
  const { db } = deps;
  let [order] = await db.select().from(orders).where(eq(orders.paymentIntentId, deps.paymentIntentId));
  const cartId = await findCartId(db, deps.owner);
  const placedHere = Boolean(order && ((cartId && order.cartId === cartId) || (deps.owner.userId && order.userId === deps.owner.userId)));
  if (!order || !placedHere) throw notFound();
  if (order.status === "pending" || order.status === "failed") order = (await reconcile(deps, order)) ?? order;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
  return toOrderAnswer(order, items, await listOrderTaxLines(db, [order.id]));
}

async function reconcile(deps: OrderDeps, order: OrderRow): Promise<OrderRow | null> {
  // Paid by store credit alone, and its completion was interrupted: it completes now (markOrderPaid is idempotent).
  if (order.paymentProvider === "store_credit") return order.stockState === "held" ? markOrderPaid({ ...deps, paymentIntentId: order.paymentIntentId! }) : null;
  const intent = await deps.payments.retrievePaymentIntent(order.paymentIntentId!).catch(() => null);
  if (intent?.status === "succeeded") return markOrderPaid({ ...deps, paymentIntentId: intent.id });
  if (intent?.status === "canceled") {
    await cancelOrderForPayment({ ...deps, paymentIntentId: intent.id });
    const [fresh] = await deps.db.select().from(orders).where(eq(orders.id, order.id));
    return fresh ?? null;
  }
  return null;
}
