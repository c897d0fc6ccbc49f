import { asc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { toDollars } from "../catalog/product-json";
import type { Database } from "../db/client";
import { orderTaxLines, refundTaxLines } from "../db/schema";
import { formatRate } from "../pricing/allocate";
import type { TaxLine } from "../pricing/order-totals";
import type { Destination } from "../pricing/zones";

type Summable = Pick<TaxLine, "name" | "rateMilliPercent" | "jurisdiction" | "taxableCents" | "taxCents">;

/** Tax lines as shoppers and staff read them: one per tax and rate, "Sales tax (8.625%)", in dollars. */
export function summarizeTaxLines(lines: Summable[]) {
  const byRate = new Map<string, { name: string; jurisdiction: string; rateMilliPercent: number; taxableCents: number; taxCents: number }>();
  for (const l of lines) {
    const key = `${l.jurisdiction}\u0000${l.name}\u0000${l.rateMilliPercent}`;
    const sum = byRate.get(key) ?? { name: l.name, jurisdiction: l.jurisdiction, rateMilliPercent: l.rateMilliPercent, taxableCents: 0, taxCents: 0 };
    sum.taxableCents += l.taxableCents;
    sum.taxCents += l.taxCents;
    byRate.set(key, sum);
  }
  return [...byRate.values()].map((s) => ({
    label: `${s.name} (${formatRate(s.rateMilliPercent)})`,
    name: s.name,
    jurisdiction: s.jurisdiction,
    rate: formatRate(s.rateMilliPercent),
    ratePercent: s.rateMilliPercent / 1000,
    taxable: toDollars(s.taxableCents),
    taxableCents: s.taxableCents,
    amount: toDollars(s.taxCents),
    cents: s.taxCents,
  }));
}

export type TaxLineSummary = ReturnType<typeof summarizeTaxLines>[number];

/** Stores an order's tax lines as charged: `itemIds[i]` is the order item of priced line i. */
export async function insertOrderTaxLines(tx: Database, orderId: string, itemIds: number[], lines: TaxLine[], to: Destination) {
  if (lines.length === 0) return;
  await tx.insert(orderTaxLines).values(
    lines.map((l) => ({
      orderId,
      orderItemId: l.line === null ? null : itemIds[l.line]!,
      name: l.name,
      rateMilliPercent: l.rateMilliPercent,
      taxableCents: l.taxableCents,
      taxCents: l.taxCents,
      jurisdiction: l.jurisdiction,
      country: to.country,
      subdivision: to.subdivision,
    })),
  );
}

/** Orders' tax lines with what refunds gave back of each so far: tax, and the taxable amount it was on. One statement. */
export async function listOrderTaxLines(db: Database, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      ...getTableColumns(orderTaxLines),
      refundedCents: sql<number>`coalesce(sum(${refundTaxLines.taxCents}), 0)::int`,
      refundedTaxableCents: sql<number>`coalesce(sum(${refundTaxLines.taxableCents}), 0)::int`,
    })
    .from(orderTaxLines)
    .leftJoin(refundTaxLines, eq(refundTaxLines.orderTaxLineId, orderTaxLines.id))
    .where(inArray(orderTaxLines.orderId, orderIds))
    .groupBy(orderTaxLines.id)
    .orderBy(asc(orderTaxLines.id));
}

export async function orderTaxLinesOf(db: Database, orderId: string) {
  return listOrderTaxLines(db, [orderId]);
}

