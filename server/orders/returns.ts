import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { assertWithinLimits, limits, recordAttempt } from "../accounts/rate-limit";
import type { Database } from "../db/client";
import { orderEvents, orderItems, orders, type OrderRow, returnItems, returns, settings } from "../db/schema";
import { AppError } from "../errors";
import { orderNoticeEmail } from "../mail/order-notice";
import { toDollars } from "../catalog/product-json";
import type { OrderDeps } from "./order-deps";
import type { ReturnRequest } from "./refund-schemas";
import { checkExchanges, exchangeOptions, exchangesOf } from "./return-exchanges";

/** Returns are taken within 30 days of delivery (the store's policy page says so). */
export const RETURN_WINDOW_DAYS = 30;
const DAY = 86_400_000;
const NOT_FOUND = "Order not found";

/** Whether the shopper's return form offers store credit instead of a refund (the store's settings, issue 51). */
export async function storeCreditReturnsOffered(db: Pick<Database, "select">): Promise<boolean> {
  const [row] = await db.select({ on: settings.returnsStoreCredit }).from(settings).where(eq(settings.id, 1));
  return row?.on ?? false;
}

/** When the order was marked delivered, from its history. */
async function deliveredAt(db: Database, orderId: string): Promise<Date | null> {
  const [event] = await db.select({ at: orderEvents.createdAt }).from(orderEvents).where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, "delivered"))).orderBy(desc(orderEvents.createdAt)).limit(1);
  return event?.at ?? null;
}

/** Units of each line a shopper may still send back: not refunded, and not in a return that awaits staff. */
async function returnableUnits(db: Database, orderId: string) {
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  const waiting = await db
    .select({ itemId: returnItems.orderItemId, n: sql<number>`sum(${returnItems.quantity})::int` })
    .from(returnItems)
    .innerJoin(returns, eq(returns.id, returnItems.returnId))
    .where(and(eq(returns.orderId, orderId), eq(returns.status, "requested")))
    .groupBy(returnItems.orderItemId);
  return items.map((i) => ({ item: i, available: i.quantity - i.refundedQuantity - (waiting.find((w) => w.itemId === i.id)?.n ?? 0) }));
}

/**
 * What a shopper sees of an order's returns: each one so far, and, while the order is delivered and within the window,
 * until when and which lines can still go back.
 */
export async function returnsOf(db: Database, order: OrderRow, now: Date) {
  const rows = await db.select().from(returns).where(eq(returns.orderId, order.id)).orderBy(asc(returns.createdAt));
  const lines = rows.length ? await db.select().from(returnItems).where(inArray(returnItems.returnId, rows.map((r) => r.id))) : [];
  const delivered = order.status === "delivered" ? await deliveredAt(db, order.id) : null;
  const until = delivered ? new Date(delivered.getTime() + RETURN_WINDOW_DAYS * DAY) : null;
  const open = until !== null && until > now ? (await returnableUnits(db, order.id)).filter((u) => u.available > 0) : [];
  const options = await exchangeOptions(db, open.map((u) => u.item));
  const exchanges = await exchangesOf(db, rows.map((r) => r.id));
  return {
    returns: rows.map((r) => ({
      returnNumber: r.returnNumber,
      status: r.status,
      reason: r.reason,
      staffNote: r.staffNote,
      refund: r.refundCents === null ? null : toDollars(r.refundCents),
      resolution: r.resolution,
      items: lines.filter((l) => l.returnId === r.id).map((l) => {
        const swap = exchanges.find((e) => e.returnId === r.id && e.itemId === l.orderItemId);
        return { itemId: l.orderItemId, quantity: l.quantity, exchange: swap ? { variantId: swap.variantId, color: swap.color, size: swap.size } : null };
      }),
      createdAt: r.createdAt.toISOString(),
    })),
    returnable: open.length && until ? { until: until.toISOString(), lines: open.map((u) => ({ itemId: u.item.id, name: u.item.name, color: u.item.color, size: u.item.size, available: u.available, exchangeOptions: options.get(u.item.id) ?? [] })), storeCreditOffered: await storeCreditReturnsOffered(db) } : null,
  };
}

/**
 * A shopper asks to send back lines of a delivered order, within 30 days, with a reason: the order's owner signed in,
 * or anyone with its email (same answer for a wrong number or email, misses rate-limited like the lookup).
 */
export async function requestReturn(deps: OrderDeps & { input: ReturnRequest; userId: string | null; ip: string }) {
  const { db, input } = deps;
  const now = deps.now();
  const checks = [limits.lookupIp(deps.ip), limits.lookupOrder(input.orderNumber)];
  await assertWithinLimits(db, checks, now);
  if (input.resolution === "store_credit" && !(await storeCreditReturnsOffered(db))) throw new AppError("bad_request", "Invalid return: this store refunds returns to the card (store credit isn't offered)");
  const created = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [order] = await t.select().from(orders).where(eq(orders.orderNumber, input.orderNumber)).for("update");
    const owner = order && ((deps.userId !== null && order.userId === deps.userId) || (input.email !== undefined && order.email.toLowerCase() === input.email.toLowerCase()));
    if (!order || !owner) return null;
    if (order.status !== "delivered") throw new AppError("conflict", `Order ${order.orderNumber} can be returned once it has been delivered`);
    const delivered = await deliveredAt(t, order.id);
    if (!delivered || delivered.getTime() + RETURN_WINDOW_DAYS * DAY <= now.getTime()) throw new AppError("conflict", `Returns for order ${order.orderNumber} closed ${RETURN_WINDOW_DAYS} days after delivery`);
    const units = await returnableUnits(t, order.id);
    for (const line of input.lines) {
      const unit = units.find((u) => u.item.id === line.itemId);
      if (!unit) throw new AppError("bad_request", `Order ${order.orderNumber} has no line ${line.itemId}`);
      if (line.quantity > unit.available) throw new AppError("conflict", `Only ${unit.available} of ${unit.item.name} (${unit.item.color}, ${unit.item.size}) can be returned`);
    }
    const exchanges = input.resolution === "exchange" ? await checkExchanges(t, order.id, input.lines, input.exchanges) : new Map<number, number>();
    const [{ n }] = (await t.select({ n: sql<number>`count(*)::int` }).from(returns).where(eq(returns.orderId, order.id))) as [{ n: number }];
    const [made] = await t.insert(returns).values({ returnNumber: `${order.orderNumber}-R${n + 1}`, orderId: order.id, reason: input.reason, resolution: input.resolution ?? "refund", createdAt: now, updatedAt: now }).returning();
    await t.insert(returnItems).values(input.lines.map((l) => ({ returnId: made!.id, orderItemId: l.itemId, quantity: l.quantity, exchangeVariantId: exchanges.get(l.itemId) ?? null })));
    return { order, made: made! };
  });
  if (!created) {
    await recordAttempt(db, checks, now);
    throw new AppError("not_found", NOT_FOUND);
  }
  const { order, made } = created;
  await orderNoticeEmail({
    order,
    subject: `We got your return request ${made.returnNumber}`,
    heading: "We got your return request",
    paragraphs: [`Return ${made.returnNumber} for order ${order.orderNumber}: “${made.reason}”.`, "We'll look at it within 2 business days and email you how to send the items back."],
    storeUrl: deps.storeUrl,
    storeIdentity: deps.storeIdentity,
  })
    .then((mail) => deps.mailer.send(mail))
    .catch((err) => deps.logger.error({ err }, "return email failed"));
  return { returnNumber: made.returnNumber, status: made.status };
}
