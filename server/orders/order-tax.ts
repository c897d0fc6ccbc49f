import { and, asc, eq, gt, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { orderItems, orders, type OrderRow, refunds, refundTaxLines, type TaxProviderName } from "../db/schema";
import type { ReversedLine } from "../tax/tax-provider";
import type { OrderDeps } from "./order-deps";
import { orderTaxLinesOf } from "./tax-lines";

type TaxDeps = Pick<OrderDeps, "db" | "logger" | "now" | "taxProvider">;

/** Stripe Tax keeps a calculation 90 days: a transaction can be recorded from it until then. */
const CALCULATION_LIFE_MS = 89 * 24 * 60 * 60_000;

/**
 * After payment: records the order's tax with the provider that priced it (Stripe Tax's transaction; the manual
 * tables record nothing). A failure is logged and left to the minute sweep; the order is paid either way.
 */
export async function commitOrderTax(deps: TaxDeps, order: Pick<OrderRow, "id" | "orderNumber" | "taxProvider" | "taxCalculationId" | "taxTransactionId">): Promise<boolean> {
  if (order.taxProvider === "manual" || !order.taxCalculationId || order.taxTransactionId) return true;
  try {
    const transactionId = await deps.taxProvider(order.taxProvider as TaxProviderName).commit({ orderNumber: order.orderNumber, calculationId: order.taxCalculationId });
    if (transactionId) await deps.db.update(orders).set({ taxTransactionId: transactionId }).where(and(eq(orders.id, order.id), isNull(orders.taxTransactionId)));
    return true;
  } catch (err) {
    deps.logger.error({ err, orderNumber: order.orderNumber }, "the order's tax could not be recorded; the minute sweep retries");
    return false;
  }
}

/**
 * After a refund is issued: gives its tax back at the provider (a partial Stripe Tax reversal of the refunded lines
 * and shipping, from the refund's tax lines). Left to the sweep on failure.
 */
export async function reverseRefundTax(deps: TaxDeps, refundId: string): Promise<boolean> {
  const [row] = await deps.db.select({ refund: refunds, order: orders }).from(refunds).innerJoin(orders, eq(orders.id, refunds.orderId)).where(eq(refunds.id, refundId));
  if (!row || row.order.taxProvider === "manual" || !row.order.taxTransactionId || row.refund.taxReversalId || row.refund.status !== "issued") return true;
  const { order } = row;
  const taxLines = await orderTaxLinesOf(deps.db, order.id);
  const given = await deps.db.select().from(refundTaxLines).where(eq(refundTaxLines.refundId, refundId));
  const items = await deps.db.select({ id: orderItems.id, unitPriceCents: orderItems.unitPriceCents, quantity: orderItems.quantity, discountCents: orderItems.discountCents }).from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
  const of = (itemId: number | null) => taxLines.filter((t) => t.orderItemId === itemId);
  const taxOf = (itemId: number | null) => given.filter((g) => of(itemId).some((t) => t.id === g.orderTaxLineId)).reduce((s, g) => s + g.taxCents, 0);
  /**
   * The amount (as quoted: with the tax when the prices include it) whose tax this refund gives back, counted
   * cumulatively over the refunds so far, so that every reversal of a line adds up to the line and never past it.
   */
  const reversedAmount = (amount: number, itemId: number | null) => {
    const tax = taxOf(itemId);
    const total = of(itemId).reduce((s, t) => s + t.taxCents, 0);
    const before = of(itemId).reduce((s, t) => s + t.refundedCents, 0) - tax;
    return Math.round((amount * (before + tax)) / total) - Math.round((amount * before) / total);
  };
  const lines: ReversedLine[] = items.flatMap((item, i) => {
    const tax = taxOf(item.id);
    if (tax === 0) return [];
    const lineTax = of(item.id).reduce((s, t) => s + t.taxCents, 0);
    return [{ reference: `line-${i}`, amountCents: reversedAmount(item.unitPriceCents * item.quantity - item.discountCents, item.id), taxCents: tax, quantity: Math.max(1, Math.round((item.quantity * tax) / lineTax)) }];
  });
  const shippingTax = taxOf(null);
  try {
    const reversalId = await deps.taxProvider(order.taxProvider as TaxProviderName).reverse({
      refundId,
      orderNumber: order.orderNumber,
      transactionId: order.taxTransactionId,
      lines,
      shipping: shippingTax > 0 ? { amountCents: reversedAmount(order.shippingCents, null), taxCents: shippingTax } : null,
    });
    await deps.db.update(refunds).set({ taxReversalId: reversalId ?? "none" }).where(eq(refunds.id, refundId));
    return true;
  } catch (err) {
    deps.logger.error({ err, orderNumber: order.orderNumber }, "a refund's tax could not be reversed; the minute sweep retries");
    return false;
  }
}

/** Part of the minute sweep: paid orders whose tax isn't recorded yet, and issued refunds whose tax isn't reversed. */
export async function settleOwedTax(deps: TaxDeps): Promise<number> {
  const since = new Date(deps.now().getTime() - CALCULATION_LIFE_MS);
  const owed = await deps.db
    .select()
    .from(orders)
    .where(and(ne(orders.taxProvider, "manual"), isNotNull(orders.taxCalculationId), isNull(orders.taxTransactionId), isNotNull(orders.paidAt), gt(orders.paidAt, since), inArray(orders.status, ["paid", "processing", "shipped", "delivered"])))
    .limit(100);
  let done = 0;
  for (const order of owed) if (await commitOrderTax(deps, order)) done++;
  const reversals = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    // A week of retries at most: a reversal Stripe keeps refusing needs a person (the log says which order).
    .where(and(eq(refunds.status, "issued"), isNull(refunds.taxReversalId), isNotNull(orders.taxTransactionId), gt(refunds.createdAt, new Date(deps.now().getTime() - 7 * 24 * 60 * 60_000)), sql`exists (select 1 from ${refundTaxLines} where ${refundTaxLines.refundId} = ${refunds.id})`))
    .limit(100);
  for (const { id } of reversals) if (await reverseRefundTax(deps, id)) done++;
  return done;
}
