import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { orderEvents, orderItems, orders, type OrderStatus } from "../db/schema";
import { AppError } from "../errors";
import { shippingNoticeEmail } from "../mail/shipping-notice";
import { toOrderAnswer } from "./order-json";
import { listOrderTaxLines } from "./tax-lines";
import type { OrderDeps } from "./order-deps";
import { recordOrderEvent } from "./order-events";
import { canTransition, isPaid } from "./order-status";
import { issueRefund } from "./owed-refunds";
import { releaseDiscount } from "./discount";
import { listRefunds } from "./refunds";
import { listOrderEdits } from "../order-edits/edit-order";
import { editRefusal } from "../order-edits/write-plan";
import { listReturns } from "./staff-returns";
import { toDollars } from "../catalog/product-json";
import { type Shipment, STAFF_TARGETS, type StaffTarget } from "./staff-order-schemas";
import { trackingUrlFor } from "./tracking";
import { orderStockLines } from "./release-order";
import { restockStock } from "./stock";
import { restoreOrderCredit } from "../credit/store-credit";
import { restoreOrderGiftCards } from "../gift-cards/gift-card-ledger";


export async function getStaffOrder({ db, orderNumber }: { db: Database; orderNumber: string }) {
  const [order] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  if (!order) throw new AppError("not_found", "Order not found");
  const [items, events, refundRows, orderReturns, edits, editBlocked] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    listRefunds(db, [order.id]),
    listReturns({ db, orderNumber }),
    listOrderEdits(db, order.id),
    editRefusal(db, order),
  ]);
  return {
    ...toOrderAnswer(order, items, await listOrderTaxLines(db, [order.id])),
    customer: { name: order.shippingName, email: order.email, userId: order.userId },
    shipping: { line1: order.shippingLine1, line2: order.shippingLine2, city: order.shippingCity, region: order.shippingRegion, postalCode: order.shippingPostalCode, country: order.shippingCountry },
    payment: { provider: order.paymentProvider, intentId: order.paymentIntentId, paidAt: order.paidAt?.toISOString() ?? null, error: order.paymentError },
    history: events.map((e) => ({ from: e.fromStatus, to: e.toStatus, actor: e.actor, note: e.note, at: e.createdAt.toISOString() })),
    nextStatuses: STAFF_TARGETS.filter((to) => canTransition(order.status, to)),
    returns: orderReturns.returns,
    /** Staff edits (issue 51), oldest first, with who made each. */
    edits,
    /** Why the order can't be edited now (shipped, refunded, an edit waiting...), or null when it can. */
    editBlocked,
    refunds: refundRows.map((r) => ({ id: r.id, amount: toDollars(r.amountCents), reason: r.reason, actor: r.actor, status: r.status, at: r.createdAt.toISOString() })),
    /** What can still be refunded, in dollars (0 for an unpaid order). */
    refundable: order.paidAt && (isPaid(order.status) || order.status === "refunded") ? toDollars(order.totalCents - order.refundedCents) : 0,
  };
}

export type StaffOrder = Awaited<ReturnType<typeof getStaffOrder>>;

/**
 * Moves an order along its allowed path. Asking for the status it already has changes nothing. Canceling a paid
 * order puts its units back on sale and refunds the payment; shipping sends the shopper a notice.
 */
export async function changeOrderStatus(deps: OrderDeps & { orderNumber: string; to: StaffTarget; actor: string; note?: string; shipment?: Shipment }): Promise<StaffOrder> {
  const { db, now } = deps;
  const changed = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [order] = await t.select().from(orders).where(eq(orders.orderNumber, deps.orderNumber)).for("update");
    if (!order) throw new AppError("not_found", "Order not found");
    if (order.status === deps.to) return null;
    if (!canTransition(order.status, deps.to) || !(STAFF_TARGETS as readonly OrderStatus[]).includes(deps.to)) {
      throw new AppError("conflict", `An order that is ${order.status} cannot become ${deps.to}`);
    }
    if (deps.to === "canceled" && order.stockState === "held") throw new AppError("conflict", "Unpaid orders end by themselves when their reservation expires");
    const restock = deps.to === "canceled" && order.stockState === "committed";
    if (restock) await restockStock(t, await orderStockLines(t, order.id));
    // A canceled order gives its code's use back, so the shopper may use it again.
    if (deps.to === "canceled") await releaseDiscount(t, order.id);
    // ...and the store credit it was paid with, less any already given back by a refund (the card is refunded after).
    if (deps.to === "canceled") await restoreOrderCredit(t, order, "was canceled: credit returned", now());
    if (deps.to === "canceled") await restoreOrderGiftCards(t, order, "was canceled: balance returned", now());
    if (deps.to === "shipped" && !deps.shipment) throw new AppError("bad_request", "Shipping needs the carrier and tracking number");
    const parcel = deps.to === "shipped" && deps.shipment ? { carrier: deps.shipment.carrier, trackingNumber: deps.shipment.trackingNumber, trackingUrl: trackingUrlFor(deps.shipment), shippedAt: now() } : {};
    const [updated] = await t
      .update(orders)
      .set({ status: deps.to, stockState: restock ? "released" : order.stockState, ...parcel, updatedAt: now() })
      .where(eq(orders.id, order.id))
      .returning();
    await recordOrderEvent(t, { orderId: order.id, from: order.status, to: deps.to, actor: deps.actor, note: deps.note ?? (restock ? "Stock returned; payment refunded" : deps.shipment ? `${deps.shipment.carrier} ${deps.shipment.trackingNumber}` : null), at: now() });
    return updated!;
  });
  if (changed?.status === "canceled" && changed.paymentIntentId && changed.paidAt) await issueRefund(deps, changed);
  if (changed?.status === "shipped") {
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, changed.id));
    await shippingNoticeEmail({ order: changed, items, storeUrl: deps.storeUrl, storeIdentity: deps.storeIdentity })
      .then((mail) => deps.mailer.send(mail))
      .catch((err) => deps.logger.error({ err }, "shipping email failed"));
  }
  return getStaffOrder({ db, orderNumber: deps.orderNumber });
}
