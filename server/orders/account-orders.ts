import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { orderItems, orders, type OrderStatus } from "../db/schema";
import { AppError } from "../errors";
import { shippingAddressOf, toOrderAnswer } from "./order-json";
import { listOrderTaxLines } from "./tax-lines";
import { returnsOf } from "./returns";
import type { AccountOrder, AccountOrderDetail } from "./order-status-types";
import { editNotesOf } from "./edit-notes";

/** Orders a shopper placed (pending, failed and abandoned checkouts are not orders yet). */
const PLACED: OrderStatus[] = ["paid", "processing", "shipped", "delivered", "refunded"];

export async function listAccountOrders({ db, userId }: { db: Database; userId: string }): Promise<AccountOrder[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, PLACED)))
    .orderBy(desc(orders.createdAt))
    .limit(100);
  if (rows.length === 0) return [];
  const items = await db.select().from(orderItems).where(inArray(orderItems.orderId, rows.map((r) => r.id))).orderBy(asc(orderItems.id));
  const taxLines = await listOrderTaxLines(db, rows.map((r) => r.id));
  const edits = await editNotesOf(db, rows.map((r) => r.id));
  return rows.map((order) => {
    const answer = toOrderAnswer(order, items.filter((i) => i.orderId === order.id), taxLines);
    return { ...answer.order, itemCount: answer.items.reduce((n, i) => n + i.quantity, 0), items: answer.items, edits: edits.get(order.id) ?? [] };
  });
}

/** One of the shopper's orders by number; anyone else's is a 404. */
export async function getAccountOrder({ db, userId, orderNumber, now: clock }: { db: Database; userId: string; orderNumber: string; now: () => Date }): Promise<AccountOrderDetail> {
  const now = clock();
  const [order] = await db.select().from(orders).where(and(eq(orders.orderNumber, orderNumber), eq(orders.userId, userId), inArray(orders.status, PLACED)));
  if (!order) throw new AppError("not_found", "Order not found");
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
  return {
    ...toOrderAnswer(order, items, await listOrderTaxLines(db, [order.id])),
    ...(await returnsOf(db, order, now)),
    edits: (await editNotesOf(db, [order.id])).get(order.id) ?? [],
    shipping: shippingAddressOf(order),
  };
}
