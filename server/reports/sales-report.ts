import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { todayIn } from "../../shared/calendar-days";
import { type GroupBy, type Period, periodGroups, resolvePeriod, withCompare } from "./report-period";
import type { SalesReportQuery } from "./report-schemas";
import { counted, customersIn, periodBounds, periodLines, refundsIn } from "./report-sql";

/** The figures of Sales over time (issue 52), each defined as Shopify's report defines it (see SALES_FIGURES). */
export interface SalesFigures {
  grossSalesCents: number;
  /**
   * Gift cards sold (issue 51): money owed to their holders, a liability, not a sale. Left out of every other figure
   * (gross, net, total, units, the average order); their sale is counted when a card is spent, as any order's.
   */
  giftCardSalesCents: number;
  discountsCents: number;
  returnsCents: number;
  netSalesCents: number;
  shippingCents: number;
  taxCents: number;
  totalSalesCents: number;
  orders: number;
  units: number;
  averageOrderValueCents: number;
  newCustomers: number;
  returningCustomers: number;
}
export interface SalesRow extends SalesFigures {
  /** The first and last day of the period this row covers (a week or month cut by the period's ends is cut too). */
  periodStart: string;
  periodEnd: string;
}
export interface SalesSeries {
  from: string;
  to: string;
  rows: SalesRow[];
  totals: SalesFigures;
}
export interface SalesReport extends SalesSeries {
  timeZone: string;
  groupBy: GroupBy;
  compare?: SalesSeries & { compare: "previous" | "year" };
}

/** What adds up across periods; net, total, the average order and customers don't. */
type Summed = Pick<SalesFigures, "grossSalesCents" | "giftCardSalesCents" | "discountsCents" | "returnsCents" | "shippingCents" | "taxCents" | "orders" | "units">;

/** Net, total and the average order follow from the summed figures, the same way for a row and for the totals. */
function figures(sum: Summed, customers: { newCustomers: number; returningCustomers: number }): SalesFigures {
  const netSalesCents = sum.grossSalesCents - sum.discountsCents - sum.returnsCents;
  const ordered = sum.grossSalesCents - sum.discountsCents;
  return {
    ...sum,
    netSalesCents,
    totalSalesCents: netSalesCents + sum.shippingCents + sum.taxCents,
    averageOrderValueCents: sum.orders ? Math.round(ordered / sum.orders) : 0,
    ...customers,
  };
}

/**
 * One series: sales by the group its order was paid in, and refunds by the group they were made in, both in the
 * store's zone (a refund is money moving that day, as the tax report counts it). All in SQL over the indexed
 * paid_at and created_at ranges: no order is loaded into the process.
 */
async function salesSeries(db: Database, { from, to }: Period, groupBy: GroupBy, timeZone: string): Promise<SalesSeries> {
  const { start, end } = periodBounds({ from, to }, timeZone);
  const groupOf = (column: string) => sql`to_char(date_trunc(${groupBy}, ${sql.raw(column)} at time zone ${timeZone}), 'YYYY-MM-DD')`;
  const moves = await db.execute(sql`
    with sold as (
      select ${groupOf("o.paid_at")} as grp,
             -- what the goods sold for after discounts, without the tax (inside the prices when they include it) and shipping
             o.total_cents - o.tax_cents - o.shipping_cents - g.cents as net, o.discount_cents as discount,
             o.shipping_cents as shipping, o.tax_cents as tax, g.cents as gift_cards, g.units
      from orders o
      -- gift cards bought are never discounted or taxed: what their lines cost is what was paid for them
      join (${periodLines(start, end)}) g on g.order_id = o.id
      where ${counted} and o.paid_at >= ${start} and o.paid_at < ${end}
    ), returned as (
      select ${groupOf("r.created_at")} as grp, r.tax, r.untaxed, r.shipping from (${refundsIn(start, end)}) r
    ), moves as (
      select grp, net + discount as gross, gift_cards, discount, 0 as returns, shipping, tax, 1 as orders, units from sold
      union all
      select grp, 0, 0, 0, untaxed - shipping, -shipping, -tax, 0, 0 from returned
    )
    select grp, sum(gross)::bigint as gross, sum(gift_cards)::bigint as gift_cards, sum(discount)::bigint as discounts, sum(returns)::bigint as returns,
           sum(shipping)::bigint as shipping, sum(tax)::bigint as tax, sum(orders)::int as orders, sum(units)::int as units
    from moves group by grp`);

  // Customers by email (accounts and guests alike), in each group and in the whole period (grp ''), new or returning.
  const counts = rowsOf<CustomerRow>(await db.execute(customersIn(start, end, groupOf)));

  type MoveRow = { grp: string; gross: string; gift_cards: string; discounts: string; returns: string; shipping: string; tax: string; orders: number; units: number };
  type CustomerRow = { grp: string; new: number; customers: number };
  const sums = new Map(rowsOf<MoveRow>(moves).map((r) => [r.grp, r]));
  const customers = new Map(counts.map((r) => [r.grp, r]));
  const summed = (r: MoveRow | undefined): Summed => ({
    grossSalesCents: Number(r?.gross ?? 0),
    giftCardSalesCents: Number(r?.gift_cards ?? 0),
    discountsCents: Number(r?.discounts ?? 0),
    returnsCents: Number(r?.returns ?? 0),
    shippingCents: Number(r?.shipping ?? 0),
    taxCents: Number(r?.tax ?? 0),
    orders: r?.orders ?? 0,
    units: r?.units ?? 0,
  });
  const people = (c: CustomerRow | undefined) => ({ newCustomers: c?.new ?? 0, returningCustomers: (c?.customers ?? 0) - (c?.new ?? 0) });

  const groups = periodGroups({ from, to }, groupBy).map((g) => ({ g, sum: summed(sums.get(g.key)) }));
  const rows = groups.map(({ g, sum }) => ({ periodStart: g.periodStart, periodEnd: g.periodEnd, ...figures(sum, people(customers.get(g.key))) }));
  const total = groups.reduce<Summed>((acc, { sum }) => Object.fromEntries(Object.entries(acc).map(([k, v]) => [k, v + sum[k as keyof Summed]])) as Summed, summed(undefined));
  return { from, to, rows, totals: figures(total, people(customers.get(""))) };
}

/** GET /api/admin/reports/sales: the period in the store's zone, and the period to compare with when asked. */
export async function salesReport({ db, query, timeZone, now }: { db: Database; query: SalesReportQuery; timeZone: string; now: Date }): Promise<SalesReport> {
  const period = resolvePeriod(query, todayIn(timeZone, now));
  const series = await withCompare(period, query.compare, (p) => salesSeries(db, p, query.groupBy, timeZone));
  return { ...series, timeZone, groupBy: query.groupBy };
}
