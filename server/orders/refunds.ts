import { and, asc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { orderItems, orders, type OrderRow, refunds, refundTaxLines } from "../db/schema";
import { AppError } from "../errors";
import { allocate } from "../pricing/allocate";
import type { OrderDeps } from "./order-deps";
import { recordOrderEvent } from "./order-events";
import { assertTransition, isPaid } from "./order-status";
import { REFUND_RETRY_MS } from "./owed-refunds";
import { restockStock } from "./stock";
import { orderTaxLinesOf } from "./tax-lines";
import { reverseRefundTax } from "./order-tax";
import { creditOwnerOf, creditRefundedFor, moveCredit } from "../credit/store-credit";
import { cardRefundParts } from "./order-payments";

type Tx = Database;
type RefundDeps = Pick<OrderDeps, "db" | "payments" | "logger" | "now" | "taxProvider">;
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Lines of an order to give money back for: an order item and how many of its units. */
export interface RefundLine {
  itemId: number;
  quantity: number;
}

/** The part of `total` that units r+1…r+k of q carry: cumulative, so the last unit takes what rounding left. */
const unitsShare = (total: number, q: number, r: number, k: number) => Math.floor((total * (r + k)) / q) - Math.floor((total * r) / q);

type OrderTaxLine = Awaited<ReturnType<typeof orderTaxLinesOf>>[number];
/** What a refund gives back of one tax line: its tax, and the taxable amount that tax was on. */
type TaxPart = { line: OrderTaxLine; cents: number; taxableCents: number };
const taxableLeft = (t: OrderTaxLine) => t.taxableCents - t.refundedTaxableCents;

/**
 * What refunding `lines` gives back, and the tax of it per tax line: each unit's price less its share of the discount,
 * plus its share of the line's tax as charged (already inside the price when prices include tax).
 */
async function partsForLines(tx: Tx, order: OrderRow, lines: RefundLine[]) {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
  const taxLines = await orderTaxLinesOf(tx, order.id);
  let cents = 0;
  const taxes: TaxPart[] = [];
  for (const line of lines) {
    const item = items.find((i) => i.id === line.itemId);
    if (!item) throw new AppError("bad_request", `Order ${order.orderNumber} has no line ${line.itemId}`);
    const left = item.quantity - item.refundedQuantity;
    if (line.quantity > left) throw new AppError("conflict", `Only ${left} of ${item.name} (${item.color}, ${item.size}) can still be refunded`);
    const share = (total: number) => unitsShare(total, item.quantity, item.refundedQuantity, line.quantity);
    cents += item.unitPriceCents * line.quantity - share(item.discountCents);
    for (const taxLine of taxLines.filter((t) => t.orderItemId === item.id)) {
      // Never more than is left of that tax (an amount-only refund may have given some of it back already).
      const tax = Math.min(share(taxLine.taxCents), taxLine.taxCents - taxLine.refundedCents);
      taxes.push({ line: taxLine, cents: tax, taxableCents: Math.min(share(taxLine.taxableCents), taxableLeft(taxLine)) });
      if (!order.taxIncluded) cents += tax;
    }
  }
  const unitsLeft = items.reduce((n, i) => n + i.quantity - i.refundedQuantity, 0);
  const unitsNow = lines.reduce((n, l) => n + l.quantity, 0);
  return { cents, taxes, last: unitsNow === unitsLeft };
}

/** What refunding `lines` gives back; when they are the order's last units, exactly what is left of the payment. */
export async function refundForLines(tx: Tx, order: OrderRow, lines: RefundLine[]): Promise<number> {
  const { cents, last } = await partsForLines(tx, order, lines);
  return last ? order.totalCents - order.refundedCents : Math.min(cents, order.totalCents - order.refundedCents);
}

/**
 * The tax a refund gives back, per tax line of the order, with the taxable amount it was on: the refunded units' share
 * of their lines' tax and taxable amount; for an amount alone, the tax's share of it, and of each line's taxable
 * amount the part the amount is of what is left to refund; for the rest of the order, whatever is left (the shipping's
 * too).
 */
async function refundTaxParts(tx: Tx, order: OrderRow, args: { amountCents: number; lines?: RefundLine[] }): Promise<TaxPart[]> {
  const taxLines = await orderTaxLinesOf(tx, order.id);
  const left = (t: OrderTaxLine) => t.taxCents - t.refundedCents;
  const paidLeft = order.totalCents - order.refundedCents;
  if (args.amountCents === paidLeft) return taxLines.map((line) => ({ line, cents: left(line), taxableCents: taxableLeft(line) }));
  if (args.lines?.length) return (await partsForLines(tx, order, args.lines)).taxes;
  const taxLeft = taxLines.reduce((s, t) => s + left(t), 0);
  const share = Math.floor((args.amountCents * taxLeft) / paidLeft);
  const parts = allocate(share, taxLines.map(left));
  return taxLines.map((line, i) => ({ line, cents: parts[i]!, taxableCents: Math.min(taxableLeft(line), Math.floor((args.amountCents * taxableLeft(line)) / paidLeft)) }));
}

/**
 * Writes a refund for a locked, paid order: never more than what was paid and not yet refunded (the order's row lock
 * makes concurrent refunds wait their turn, and a check constraint backs it). Refunded lines are counted, the order
 * becomes refunded when nothing is left, and its history says why. The provider call comes after the commit.
 */
export async function writeRefund(tx: Tx, order: OrderRow, args: { amountCents: number; reason: string; actor: string; lines?: RefundLine[]; returnId?: string; asStoreCredit?: boolean; now: Date }) {
  if (!order.paidAt || !order.paymentIntentId || !(isPaid(order.status) || order.status === "refunded")) throw new AppError("conflict", `Order ${order.orderNumber} has no payment to refund`);
  const left = order.totalCents - order.refundedCents;
  if (args.amountCents > left) throw new AppError("conflict", left === 0 ? `Order ${order.orderNumber} is already refunded in full` : `Only ${dollars(left)} of order ${order.orderNumber} can still be refunded`);
  const taxParts = (await refundTaxParts(tx, order, args)).filter((p) => p.cents > 0);
  const storeCreditCents = await creditPartOf(tx, order, args.amountCents, args.asStoreCredit === true);
  const [refund] = await tx.insert(refunds).values({ orderId: order.id, amountCents: args.amountCents, storeCreditCents, reason: args.reason, actor: args.actor, returnId: args.returnId ?? null, createdAt: args.now }).returning();
  if (storeCreditCents > 0) {
    await moveCredit(tx, { email: await creditOwnerOf(tx, order), amountCents: storeCreditCents, kind: args.returnId ? "return" : "refund", reason: args.reason, actor: args.actor, orderId: order.id, returnId: args.returnId ?? null, now: args.now });
  }
  if (taxParts.length) await tx.insert(refundTaxLines).values(taxParts.map((p) => ({ refundId: refund!.id, orderTaxLineId: p.line.id, taxCents: p.cents, taxableCents: p.taxableCents })));
  for (const line of args.lines ?? []) {
    await tx.update(orderItems).set({ refundedQuantity: sql`${orderItems.refundedQuantity} + ${line.quantity}` }).where(and(eq(orderItems.id, line.itemId), eq(orderItems.orderId, order.id)));
  }
  const full = args.amountCents === left;
  if (full) assertTransition(order.status, "refunded");
  await tx
    .update(orders)
    .set({ refundedCents: order.refundedCents + args.amountCents, status: full ? "refunded" : order.status, updatedAt: args.now })
    .where(eq(orders.id, order.id));
  await recordOrderEvent(tx, { orderId: order.id, from: order.status, to: full ? "refunded" : order.status, actor: args.actor, note: `Refunded ${dollars(args.amountCents)}: ${args.reason}`, at: args.now });
  return refund!;
}

/**
 * The part of a refund given back as store credit (decision 0054): all of it when staff end a return in credit;
 * otherwise the card first, up to what it was charged and not yet refunded, and store credit for the rest, so an
 * order paid partly by credit gives the card back first and the credit last.
 */
async function creditPartOf(tx: Tx, order: OrderRow, amountCents: number, asStoreCredit: boolean): Promise<number> {
  if (asStoreCredit) return amountCents;
  if (order.storeCreditCents === 0 && order.giftCardCents === 0) return 0;
  const creditBack = await creditRefundedFor(tx, order.id);
  // What gift cards paid is not the card's either: beyond the card's charge, a refund comes back as store credit (0055).
  const cardLeft = order.totalCents - order.storeCreditCents - order.giftCardCents - (order.refundedCents - creditBack);
  return Math.max(0, amountCents - Math.max(0, cardLeft));
}

/** Puts refunded lines' units back on sale (staff choose it: a damaged return is not restocked). */
export async function restockLines(tx: Tx, orderId: string, lines: RefundLine[]) {
  const items = await tx.select({ id: orderItems.id, variantId: orderItems.variantId }).from(orderItems).where(eq(orderItems.orderId, orderId));
  await restockStock(tx, lines.map((l) => ({ variantId: items.find((i) => i.id === l.itemId)!.variantId, quantity: l.quantity })));
}

/** Sends a written refund to the provider; its id makes a retry refund once. A failure is left to the sweep. */
export async function issueRefundRow(deps: RefundDeps, refundId: string): Promise<boolean> {
  const [row] = await deps.db.select({ refund: refunds, intentId: orders.paymentIntentId, orderNumber: orders.orderNumber }).from(refunds).innerJoin(orders, eq(orders.id, refunds.orderId)).where(eq(refunds.id, refundId));
  if (!row || row.refund.status === "issued") return true;
  try {
    // The store-credit part was given back when the refund was written; the card gets the rest, if any.
    const cardCents = row.refund.amountCents - row.refund.storeCreditCents;
    // An order whose edits were paid by a second payment is refunded from each, the checkout's first (decision 0056).
    if (cardCents > 0) for (const part of await cardRefundParts(deps, row.refund, row.intentId!, cardCents)) await deps.payments.refundPayment(part);
    await deps.db.update(refunds).set({ status: "issued", issuedAt: deps.now() }).where(eq(refunds.id, refundId));
    await reverseRefundTax(deps, refundId);
    return true;
  } catch (err) {
    deps.logger.error({ err, orderNumber: row.orderNumber }, "refund failed; the minute sweep retries it");
    return false;
  }
}

/** Part of the minute sweep: refunds written but not confirmed by the provider (a failure, or a process that died). */
export async function issuePendingRefunds(deps: RefundDeps): Promise<number> {
  const now = deps.now().getTime();
  const pending = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, "pending"), lt(refunds.createdAt, new Date(now - REFUND_RETRY_MS)), gt(refunds.createdAt, new Date(now - 3 * 24 * 60 * 60_000))))
    .orderBy(asc(refunds.createdAt))
    .limit(100);
  let issued = 0;
  for (const { id } of pending) if (await issueRefundRow(deps, id)) issued++;
  return issued;
}

/** An order's refunds, newest last, for the staff and account pages. */
export async function listRefunds(db: Database, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db.select().from(refunds).where(inArray(refunds.orderId, orderIds)).orderBy(asc(refunds.createdAt));
}
