import { and, asc, eq, inArray, lt } from "drizzle-orm";
import type { Database } from "../db/client";
import { orders } from "../db/schema";
import { markOrderPaid } from "./mark-order-paid";
import type { OrderDeps } from "./order-deps";
import { releaseOrderStock } from "./release-order";
import { isCreditPayment } from "../credit/store-credit";

const BATCH = 100;

const isStale = (now: Date) => and(eq(orders.stockState, "held"), inArray(orders.status, ["pending", "failed"]), lt(orders.reservationExpiresAt, now));

/**
 * Pending or failed orders past their 15 minutes become expired, give their stock back and cancel their payment.
 * The provider is asked first, so a payment whose webhook never came is completed instead. Safe to run in several
 * processes at once: each order is taken with FOR UPDATE SKIP LOCKED and re-checked.
 */
export async function expireStaleOrders(deps: OrderDeps): Promise<number> {
  const candidates = await deps.db
    .select({ id: orders.id, paymentIntentId: orders.paymentIntentId })
    .from(orders)
    .where(isStale(deps.now()))
    .orderBy(asc(orders.reservationExpiresAt))
    .limit(BATCH);
  let expired = 0;
  for (const candidate of candidates) {
    try {
      if (await expireOne(deps, candidate)) expired++;
    } catch (err) {
      deps.logger.error({ err, orderId: candidate.id }, "could not expire an order");
    }
  }
  return expired;
}

async function expireOne(deps: OrderDeps, candidate: { id: string; paymentIntentId: string | null }): Promise<boolean> {
  const { db, payments, now } = deps;
  const cardPayment = candidate.paymentIntentId && !isCreditPayment(candidate.paymentIntentId) ? candidate.paymentIntentId : null;
  if (cardPayment) {
    const intent = await payments.retrievePaymentIntent(cardPayment).catch(() => null);
    if (intent?.status === "succeeded") {
      await markOrderPaid({ ...deps, paymentIntentId: cardPayment });
      return false;
    }
  }
  const done = await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, candidate.id), isStale(now())))
      .for("update", { skipLocked: true });
    if (!order) return false;
    await releaseOrderStock(tx as unknown as Database, order, "expired", now());
    return true;
  });
  if (done && cardPayment) {
    await payments.cancelPaymentIntent(cardPayment).catch((err) => deps.logger.warn({ err }, "could not cancel an expired payment"));
  }
  return done;
}
