import { and, asc, eq, inArray, lt } from "drizzle-orm";
import type { Database } from "../db/client";
import { orders } from "../db/schema";
import { markOrderPaid } from "./mark-order-paid";
import type { OrderDeps } from "./order-deps";
import { releaseOrderStock } from "./release-order";

const BATCH = 100;

/**
 * Pending or failed orders past their 15 minutes become expired, give their stock back and cancel their payment.
 * The provider is asked first, so a payment whose webhook never came is completed instead. Safe to run in several
 * processes at once: each order is taken with FOR UPDATE SKIP LOCKED and re-checked.
 */
export async function expireStaleOrders(deps: OrderDeps): Promise<number> {
  const { db, payments, now } = deps;
  const stale = (state: typeof orders) => and(eq(state.stockState, "held"), inArray(state.status, ["pending", "failed"]), lt(state.reservationExpiresAt, now()));
  const candidates = await db.select({ id: orders.id, paymentIntentId: orders.paymentIntentId }).from(orders).where(stale(orders)).orderBy(asc(orders.reservationExpiresAt)).limit(BATCH);
  let expired = 0;
  for (const candidate of candidates) {
    if (candidate.paymentIntentId) {
      const intent = await payments.retrievePaymentIntent(candidate.paymentIntentId).catch(() => null);
      if (intent?.status === "succeeded") {
        await markOrderPaid({ ...deps, paymentIntentId: candidate.paymentIntentId });
        continue;
      }
    }
    const done = await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(and(eq(orders.id, candidate.id), stale(orders))).for("update", { skipLocked: true });
      if (!order) return false;
      await releaseOrderStock(tx as unknown as Database, order, "expired", now());
      return true;
    });
    if (!done) continue;
    expired++;
    if (candidate.paymentIntentId) {
      await payments.cancelPaymentIntent(candidate.paymentIntentId).catch((err) => deps.logger.warn({ err }, "could not cancel an expired payment"));
    }
  }
  return expired;
}
