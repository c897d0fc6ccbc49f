import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { daysBetween, todayIn } from "../../shared/calendar-days";
import { type Period, resolvePeriod, withCompare } from "./report-period";
import { pageOf } from "./report-paging";
import type { SellThroughQuery } from "./report-schemas";
import { counted, periodBounds } from "./report-sql";

/** Sell-through and stock cover (issue 52). */
export interface SellThroughFigures {
  /** Units on orders paid in the period. */
  unitsSold: number;
  /** Units in stock now (reserved by open checkouts included: they are still on the shelf). */
  unitsOnHand: number;
  /** sold ÷ (sold + on hand) × 100, one decimal; null when there is neither. */
  sellThroughPercent: number | null;
  /** How many days the stock on hand lasts at the period's pace, one decimal; null when nothing sold. */
  daysOfCover: number | null;
  /** The day (in the store's zone) a variant of the row last ran out, as far as the store knows; null if never. */
  lastSoldOutOn: string | null;
}
export interface SellThroughRow extends SellThroughFigures {
  key: string;
  name: string;
  /** The variant's or size's own parts, for sorting and filtering in a spreadsheet. */
  product: string;
  color: string | null;
  size: string | null;
}
export interface SellThroughSeries {
  from: string;
  to: string;
  rows: SellThroughRow[];
  /** Every row's count, when `limit` and `offset` ask for a page of them. */
  rowCount: number;
  totals: SellThroughFigures;
}
export interface SellThroughReport extends SellThroughSeries {
  timeZone: string;
  groupBy: SellThroughQuery["groupBy"];
  sort: SellThroughQuery["sort"];
  offset: number;
  limit: number | null;
  compare?: SellThroughSeries & { compare: "previous" | "year" };
}

const GROUPS: Record<SellThroughQuery["groupBy"], { key: SQL; color: SQL; size: SQL }> = {
  product: { key: sql`p.id::text`, color: sql`null::text`, size: sql`null::text` },
  variant: { key: sql`v.id::text`, color: sql`v.color`, size: sql`v.size` },
  size: { key: sql`p.id || ':' || v.size`, color: sql`null::text`, size: sql`v.size` },
};

/** "Sizes that sit" first, "about to run out" first, or the best sellers first; ties by name. */
const ORDER: Record<SellThroughQuery["sort"], SQL> = {
  sold: sql`sold desc`,
  "sell-through": sql`sell_through asc nulls last, on_hand desc`,
  cover: sql`cover asc nulls last, sold desc`,
};

/**
 * One series: units sold per variant from the period's paid orders, beside every variant's stock now, grouped and
 * sorted in SQL. A variant is listed when its product is for sale (not archived) or it sold in the period.
 */
async function sellThroughSeries(db: Database, period: Period, query: SellThroughQuery, timeZone: string): Promise<SellThroughSeries> {
  const { start, end } = periodBounds(period, timeZone);
  const days = daysBetween(period.from, period.to) + 1;
  const g = GROUPS[query.groupBy];
  const result = await db.execute(sql`
    with sold as (
      select i.variant_id, sum(i.quantity) as units
      from orders o join order_items i on i.order_id = o.id
      where ${counted} and o.paid_at >= ${start} and o.paid_at < ${end}
      group by i.variant_id
    ), grouped as (
      select ${g.key} as key, min(p.name) as product, min(${g.color}) as color, min(${g.size}) as size, grouping(${g.key}) as total,
             coalesce(sum(s.units), 0)::int as sold, sum(v.on_hand)::int as on_hand,
             to_char(max(v.sold_out_at) at time zone ${timeZone}, 'YYYY-MM-DD') as sold_out_on
      from variants v
      join products p on p.id = v.product_id
      left join sold s on s.variant_id = v.id
      where p.status <> 'archived' or s.units is not null
      group by grouping sets ((${g.key}), ())
    )
    select *, round(100.0 * sold / nullif(sold + on_hand, 0), 1)::float8 as sell_through,
           case when sold > 0 then round(on_hand * ${days}::numeric / sold, 1)::float8 end as cover
    from grouped
    order by total desc, ${ORDER[query.sort]}, product, size, color`);

  type Row = { key: string | null; product: string | null; color: string | null; size: string | null; total: number; sold: number; on_hand: number | null; sold_out_on: string | null; sell_through: number | null; cover: number | null };
  const figures = (r: Row): SellThroughFigures => ({
    unitsSold: r.sold,
    unitsOnHand: r.on_hand ?? 0,
    sellThroughPercent: r.sell_through === null ? null : Number(r.sell_through),
    daysOfCover: r.cover === null ? null : Number(r.cover),
    lastSoldOutOn: r.sold_out_on,
  });
  const [totals, ...rest] = rowsOf<Row>(result);
  const all = rest.map((r) => ({ key: r.key!, name: [r.product, [r.color, r.size].filter(Boolean).join(" / ")].filter(Boolean).join(" — "), product: r.product!, color: r.color, size: r.size, ...figures(r) }));
  const { rows, rowCount } = pageOf(all, query);
  return { ...period, rows, rowCount, totals: figures(totals!) };
}

/** GET /api/admin/reports/sell-through: the period in the store's zone, and the period to compare with when asked. */
export async function sellThroughReport({ db, query, timeZone, now }: { db: Database; query: SellThroughQuery; timeZone: string; now: Date }): Promise<SellThroughReport> {
  const period = resolvePeriod(query, todayIn(timeZone, now));
  const series = await withCompare(period, query.compare, (p) => sellThroughSeries(db, p, query, timeZone));
  return { ...series, timeZone, groupBy: query.groupBy, sort: query.sort, offset: query.offset, limit: query.limit ?? null };
}
