import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { assertWithinLimits, limits, recordAttempt } from "../accounts/rate-limit";
import type { Database } from "../db/client";
import { orderItems, orders, type OrderStatus } from "../db/schema";
import { AppError } from "../errors";
import type { OrderLookup } from "./order-lookup-schemas";
import { toOrderAnswer } from "./order-json";
import { listOrderTaxLines } from "./tax-lines";
import type { OrderEditNote, OrderReturns, OrderStatusAnswer } from "./order-status-types";
import { editNotesOf } from "./edit-notes";
import { returnsOf } from "./returns";

/** Orders a guest can look up: placed ones (an abandoned checkout is not an order). */
const PLACED: OrderStatus[] = ["paid", "processing", "shipped", "delivered", "canceled", "refunded"];

export interface LookedUpOrder extends OrderStatusAnswer, OrderReturns {
  /** Staff edits (issue 51), a new address only named as changed. */
  edits: OrderEditNote[];
  /** Where it goes, masked: enough to recognise it, not to learn someone's address. */
  shipping: { name: string; city: string; region: string; postalCode: string; country: string };
}

/** "Sam Rivera" → "S. R."; "97205" → "972**". */
const initials = (name: string) => name.split(/\s+/).filter(Boolean).map((w) => `${w[0]!.toUpperCase()}.`).join(" ");
const maskPostal = (code: string) => code.slice(0, Math.min(3, Math.ceil(code.length / 2))) + "*".repeat(Math.max(0, code.length - Math.min(3, Math.ceil(code.length / 2))));

/**
 * GET an order by its number and email, for shoppers without an account. A wrong number and a wrong email get the same
 * answer, and failed tries are limited per address and per order number like sign-in, so emails can't be guessed.
 */
export async function lookUpOrder({ db, now: clock, input, ip }: { db: Database; now: () => Date; input: OrderLookup; ip: string }): Promise<LookedUpOrder> {
  const now = clock();
  const checks = [limits.lookupIp(ip), limits.lookupOrder(input.orderNumber)];
  await assertWithinLimits(db, checks, now);
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, input.orderNumber), sql`lower(${orders.email}) = ${input.email.toLowerCase()}`, inArray(orders.status, PLACED)));
  if (!order) {
    await recordAttempt(db, checks, now);
    throw new AppError("not_found", "We couldn't find an order with that number and email. Check both against your confirmation email.");
  }
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
  return {
    ...toOrderAnswer(order, items, await listOrderTaxLines(db, [order.id])),
    ...(await returnsOf(db, order, now)),
    edits: (await editNotesOf(db, [order.id], { maskAddress: true })).get(order.id) ?? [],
    shipping: { name: initials(order.shippingName), city: order.shippingCity, region: order.shippingRegion, postalCode: maskPostal(order.shippingPostalCode), country: order.shippingCountry },
  };
}
