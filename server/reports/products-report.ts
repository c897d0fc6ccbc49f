import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { todayIn } from "../../shared/calendar-days";
import { channelOf } from "./channel";
import { type Period, resolvePeriod, withCompare } from "./report-period";
import type { ProductGroup, ProductsReportQuery } from "./report-schemas";
import { counted, countedBefore, periodBounds, refundsIn } from "./report-sql";

/** Sales by product, variant, collection, discount code or channel (issue 52): the sales report's figures per group. */
export interface ProductFigures {
  orders: number;
  units: number;
  grossSalesCents: number;
  discountsCents: number;
  returnsCents: number;
  netSalesCents: number;
  /** Discount rows only: the customers who used the code, those for whom it was their first order, and their share (0–1). */
  customers?: number;
  newCustomers?: number;
  newCustomerShare?: number;
}
export interface ProductRow extends ProductFigures {
  key: string;
  name: string;
}
export interface ProductSeries {
  from: string;
  to: string;
  rows: ProductRow[];
  totals: ProductFigures;
}
export interface ProductsReport extends ProductSeries {
  timeZone: string;
  groupBy: ProductGroup;
  compare?: ProductSeries & { compare: "previous" | "year" };
}

/** Each group's key and name, from the line `i`, its order `o`, product `p`, variant `v` and collection `c` (under `pc`). */
const GROUPS: Record<ProductGroup, { key: SQL; name: SQL }> = {
  product: { key: sql`i.product_id::text`, name: sql`coalesce(p.name, i.name)` },
  variant: { key: sql`i.variant_id::text`, name: sql`coalesce(p.name, i.name) || ' — ' || coalesce(v.color, i.color) || ' / ' || coalesce(v.size, i.size)` },
  collection: { key: sql`coalesce(c.id::text, 'none')`, name: sql`coalesce(pc.name || ' › ' || c.name, c.name, 'No collection')` },
  discount: { key: sql`o.discount_code`, name: sql`o.discount_code` },
  channel: { key: channelOf, name: channelOf },
};

/**
 * One series. A line sold in the period counts its gross (price × quantity, without the tax when prices include it),
 * its discount, its units and its order; a refund made in the period counts its returns (as the sales report splits
 * it) against the lines it gave back: by the taxable amounts of its tax lines, else the units of its return, else
 * every line by what it sold for — cumulatively rounded, so the lines' shares add up to the refund's returns exactly.
 */
async function productSeries(db: Database, period: Period, groupBy: ProductGroup, timeZone: string): Promise<ProductSeries> {
  const { start, end } = periodBounds(period, timeZone);
  const group = GROUPS[groupBy];
  const discount = groupBy === "discount";
  // A discount row's customer is new when no counted order of theirs came before this one.
  const isNew = discount ? sql`not exists (select 1 from orders p where lower(p.email) = lower(o.email) and p.paid_at < o.paid_at and ${countedBefore})` : sql`false`;
  const catalog = sql`left join products p on p.id = i.product_id left join variants v on v.id = i.variant_id
    left join categories c on c.id = p.category_id left join categories pc on pc.id = c.parent_id`;
  const result = await db.execute(sql`
    with refunded as (${refundsIn(start, end)}
    ), weighed as (
      select r.refund_id, i.id as item_id, r.untaxed - r.shipping as returns,
             (select coalesce(sum(rt.taxable_cents), 0) from refund_tax_lines rt join order_tax_lines t on t.id = rt.order_tax_line_id
              where rt.refund_id = r.refund_id and t.order_item_id = i.id)::numeric as by_tax,
             (select coalesce(sum(ri.quantity), 0) from return_items ri where ri.return_id = r.return_id and ri.order_item_id = i.id)
               * (i.unit_price_cents * i.quantity - i.discount_cents)::numeric / i.quantity as by_return,
             (i.unit_price_cents * i.quantity - i.discount_cents)::numeric as by_line
      from refunded r join order_items i on i.order_id = r.order_id
    ), chosen as (
      select refund_id, item_id, returns,
             case when sum(by_tax) over w > 0 then by_tax when sum(by_return) over w > 0 then by_return else by_line end as weight
      from weighed window w as (partition by refund_id)
    ), shared as (
      select refund_id, item_id, returns, weight,
             sum(weight) over (partition by refund_id order by item_id) as upto, sum(weight) over (partition by refund_id) as whole
      from chosen
    ), keyed as (
      -- The period's lines with their order, product and collection at hand, then the refunds' shares of theirs: each
      -- branch joins what its rows need (a second lookup of every sold line cost PGlite about a third of the report).
      select ${group.key} as key, ${group.name} as name, true as sold, i.quantity as units,
             i.unit_price_cents * i.quantity
               - case when o.tax_included then (select coalesce(sum(t.tax_cents), 0) from order_tax_lines t where t.order_item_id = i.id) else 0 end as gross,
             i.discount_cents as discount, 0::numeric as returns, o.id as order_id, lower(o.email) as customer, ${isNew} as first_order
      from orders o join order_items i on i.order_id = o.id ${catalog}
      where ${counted} and o.paid_at >= ${start} and o.paid_at < ${end} ${discount ? sql`and o.discount_code is not null` : sql``}
      union all
      select ${group.key}, ${group.name}, false, 0, 0, 0,
             floor(s.returns * s.upto / nullif(s.whole, 0)) - floor(s.returns * (s.upto - s.weight) / nullif(s.whole, 0)),
             o.id, lower(o.email), false
      from shared s join order_items i on i.id = s.item_id join orders o on o.id = i.order_id ${catalog}
      ${discount ? sql`where o.discount_code is not null` : sql``}
    )
    select key, min(name) as name, grouping(key) as total,
           count(distinct order_id) filter (where sold)::int as orders, sum(units)::int as units,
           sum(gross)::bigint as gross, sum(discount)::bigint as discounts, coalesce(sum(returns), 0)::bigint as returns,
           count(distinct customer) filter (where sold)::int as customers, count(distinct customer) filter (where first_order)::int as new
    from keyed group by grouping sets ((key), ())
    order by grouping(key) desc, sum(gross) - sum(discount) - coalesce(sum(returns), 0) desc, min(name)`);

  type Row = { key: string | null; name: string | null; total: number; orders: number; units: number; gross: string; discounts: string; returns: string; customers: number; new: number };
  const figures = (r: Row | undefined): ProductFigures => {
    const [gross, discounts, returns] = [Number(r?.gross ?? 0), Number(r?.discounts ?? 0), Number(r?.returns ?? 0)];
    const sums = { orders: r?.orders ?? 0, units: r?.units ?? 0, grossSalesCents: gross, discountsCents: discounts, returnsCents: returns, netSalesCents: gross - discounts - returns };
    if (!discount) return sums;
    const [customers, newCustomers] = [r?.customers ?? 0, r?.new ?? 0];
    return { ...sums, customers, newCustomers, newCustomerShare: customers ? Math.round((newCustomers / customers) * 10_000) / 10_000 : 0 };
  };
  const all = rowsOf<Row>(result);
  const rows = all.filter((r) => Number(r.total) === 0).map((r) => ({ key: r.key!, name: r.name!, ...figures(r) }));
  return { ...period, rows, totals: figures(all.find((r) => Number(r.total) === 1)) };
}

/** GET /api/admin/reports/products: the period in the store's zone, and the period to compare with when asked. */
export async function productsReport({ db, query, timeZone, now }: { db: Database; query: ProductsReportQuery; timeZone: string; now: Date }): Promise<ProductsReport> {
  const period = resolvePeriod(query, todayIn(timeZone, now));
  const series = await withCompare(period, query.compare, (p) => productSeries(db, p, query.groupBy, timeZone));
  return { ...series, timeZone, groupBy: query.groupBy };
}
