import { and, eq, ne, notInArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { orderEdits, orderItems, orders, type OrderRow, orderTaxLines, returns } from "../db/schema";
import { AppError } from "../errors";
import { insertOrderTaxLines } from "../orders/tax-lines";
import type { PlannedOrder } from "./edit-plan";

const EDITABLE = new Set(["paid", "processing"]);
const when = (d: Date) => d.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";

/**
 * Why this order can't be edited now, or null (decision 0056). Only a paid order not yet shipped; not one with refunds
 * or a return (their amounts are counted against the lines as bought), nor one paid in part by store credit or a gift
 * card, nor one taxed by Stripe Tax (its recorded transaction would need reversing): staff refund those instead.
 */
export async function editRefusal(db: Pick<Database, "select">, order: OrderRow, { waitingEditId }: { waitingEditId?: string } = {}): Promise<string | null> {
  if (order.status === "shipped" || order.status === "delivered") return `Order ${order.orderNumber} has shipped: it can't be edited`;
  if (!EDITABLE.has(order.status)) return `Only a paid order that hasn't shipped can be edited; order ${order.orderNumber} is ${order.status}`;
  if (order.refundedCents > 0) return `Order ${order.orderNumber} has refunds: it can't be edited (refund or take a return instead)`;
  if (order.storeCreditCents + order.giftCardCents > 0) return `Order ${order.orderNumber} was paid in part with store credit or a gift card: it can't be edited`;
  if (order.taxProvider !== "manual") return `Order ${order.orderNumber} was taxed by Stripe Tax: it can't be edited`;
  const [open] = await db.select({ id: returns.id }).from(returns).where(and(eq(returns.orderId, order.id), ne(returns.status, "refused"))).limit(1);
  if (open) return `Order ${order.orderNumber} has a return: it can't be edited`;
  // The edit being paid is the one waiting; any other waiting edit blocks a new one.
  const [waiting] = await db
    .select({ expiresAt: orderEdits.expiresAt })
    .from(orderEdits)
    .where(and(eq(orderEdits.orderId, order.id), eq(orderEdits.status, "awaiting_payment"), waitingEditId ? ne(orderEdits.id, waitingEditId) : undefined))
    .limit(1);
  if (waiting) return `Order ${order.orderNumber} has an edit waiting for the shopper's payment (until ${when(waiting.expiresAt!)})`;
  return null;
}

/** Throws the 409 when the order can't be edited. */
export async function assertEditable(db: Pick<Database, "select">, order: OrderRow): Promise<void> {
  const refused = await editRefusal(db, order);
  if (refused) throw new AppError("conflict", refused);
}

/**
 * Stores the planned order in the caller's transaction: lines updated, added and removed, its tax lines replaced (no
 * refund points at them: an order with refunds isn't edited), its totals, shipping and address. The stock is moved by
 * the caller.
 */
export async function writePlan(tx: Database, order: OrderRow, plan: PlannedOrder, now: Date): Promise<void> {
  const kept = plan.lines.flatMap((l) => (l.itemId === null ? [] : [l.itemId]));
  await tx.delete(orderTaxLines).where(eq(orderTaxLines.orderId, order.id));
  await tx.delete(orderItems).where(and(eq(orderItems.orderId, order.id), kept.length ? notInArray(orderItems.id, kept) : undefined));
  const itemIds: number[] = [];
  for (const { itemId, ...line } of plan.lines) {
    if (itemId !== null) {
      await tx.update(orderItems).set(line).where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, order.id)));
      itemIds.push(itemId);
    } else {
      const [row] = await tx.insert(orderItems).values({ ...line, orderId: order.id }).returning({ id: orderItems.id });
      itemIds.push(row!.id);
    }
  }
  await insertOrderTaxLines(tx, order.id, itemIds, plan.taxLines, plan.destination);
  const a = plan.address;
  await tx
    .update(orders)
    .set({
      ...plan.totals,
      shippingName: a.name,
      shippingLine1: a.line1,
      shippingLine2: a.line2,
      shippingCity: a.city,
      shippingRegion: a.region,
      shippingPostalCode: a.postalCode,
      shippingCountry: a.country,
      updatedAt: now,
    })
    .where(eq(orders.id, order.id));
}

