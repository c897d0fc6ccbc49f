import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { orders } from "../db/schema";
import { recordEvent } from "./mark-order-paid";
import type { OrderDeps } from "./order-deps";
import { recordOrderEvent } from "./order-events";
import { releaseOrderStock } from "./release-order";

type EventRef = { id: string; type: string } | undefined;

/** A declined payment: the order is failed but keeps its reservation until expiry, so the shopper can retry. */
export async function markOrderFailed(deps: OrderDeps & { paymentIntentId: string; message: string | null; event?: EventRef }): Promise<void> {
  const failed = await deps.db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    if (!(await recordEvent(t, deps.event))) return false;
    const [order] = await t.select().from(orders).where(eq(orders.paymentIntentId, deps.paymentIntentId)).for("update");
    if (!order || (order.status !== "pending" && order.status !== "failed")) return false;
    await t.update(orders).set({ status: "failed", paymentError: deps.message, updatedAt: deps.now() }).where(eq(orders.id, order.id));
    await recordOrderEvent(t, { orderId: order.id, from: order.status, to: "failed", actor: "payment", note: deps.message, at: deps.now() });
    return true;
  });
  if (failed) deps.metrics?.checkoutFailed("payment_declined");
}

/** The provider canceled the payment: the order is canceled and its stock released. */
export async function cancelOrderForPayment(deps: OrderDeps & { paymentIntentId: string; event?: EventRef }): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    if (!(await recordEvent(t, deps.event))) return;
    const [order] = await t.select().from(orders).where(eq(orders.paymentIntentId, deps.paymentIntentId)).for("update");
    if (!order || (order.status !== "pending" && order.status !== "failed")) return;
    await releaseOrderStock(t, order, "canceled", deps.now(), "payment");
  });
}
