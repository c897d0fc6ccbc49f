import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { todayIn } from "../../shared/calendar-days";
import { type Period, periodGroups, resolvePeriod, withCompare } from "./report-period";
import { pageOf } from "./report-paging";
import type { FunnelReportQuery } from "./report-schemas";
import { periodBounds } from "./report-sql";

/** The funnel (issue 52): sessions that reached each stage, as the store counted them (decision 0057). */
export interface FunnelFigures {
  viewedProduct: number;
  addedToCart: number;
  beganCheckout: number;
  reachedPayment: number;
  paid: number;
  /** Sessions that paid ÷ sessions that viewed a product × 100, one decimal; null when none viewed one. */
  conversionPercent: number | null;
}
/** A row of days (day, week or month: cut by the period's ends) or a product's row. */
export type FunnelRow = FunnelFigures & ({ periodStart: string; periodEnd: string } | { key: string; name: string });
export interface FunnelSeries {
  from: string;
  to: string;
  rows: FunnelRow[];
  rowCount: number;
  totals: FunnelFigures;
}
export interface FunnelReport extends FunnelSeries {
  timeZone: string;
  groupBy: FunnelReportQuery["groupBy"];
  offset: number;
  limit: number | null;
  compare?: FunnelSeries & { compare: "previous" | "year" };
}

type Counts = { views: number; carts: number; checkouts: number; payments: number; paid: number };
const figures = (c: Partial<Counts> | undefined): FunnelFigures => {
  const [views, paid] = [Number(c?.views ?? 0), Number(c?.paid ?? 0)];
  return {
    viewedProduct: views,
    addedToCart: Number(c?.carts ?? 0),
    beganCheckout: Number(c?.checkouts ?? 0),
    reachedPayment: Number(c?.payments ?? 0),
    paid,
    conversionPercent: views ? Math.round((1000 * paid) / views) / 10 : null,
  };
};
const pivot = sql`sum(sessions) filter (where stage = 'view')::int as views, sum(sessions) filter (where stage = 'cart')::int as carts,
  sum(sessions) filter (where stage = 'checkout')::int as checkouts, sum(sessions) filter (where stage = 'payment')::int as payments,
  sum(sessions) filter (where stage = 'paid')::int as paid`;

/**
 * The period's counts per day and product: the job's daily counts, and the rows it has not added yet (at most a minute's
 * worth, found by their own index) on the day they fall on in the store's zone. One statement, so one snapshot: a row is
 * in exactly one of the two.
 */
function countsIn(period: Period, timeZone: string, products: SQL): SQL {
  const { start, end } = periodBounds(period, timeZone);
  return sql`
    select day, stage, product_id, sessions from funnel_daily where day between ${period.from}::date and ${period.to}::date and ${products}
    union all
    select (created_at at time zone ${timeZone})::date, stage, product_id, count(*)::int from funnel_events
    where not rolled_up and created_at >= ${start} and created_at < ${end} and ${products} group by 1, 2, 3`;
}

async function funnelSeries(db: Database, period: Period, query: FunnelReportQuery, timeZone: string): Promise<FunnelSeries> {
  const sessions = sql`product_id = 0`;
  const totals = figures(rowsOf<Counts>(await db.execute(sql`select ${pivot} from (${countsIn(period, timeZone, sessions)}) c`))[0]);
  if (query.groupBy === "product") {
    const result = await db.execute(sql`
      select c.product_id::text as key, coalesce(min(p.name), 'Product ' || c.product_id) as name, ${pivot}
      from (${countsIn(period, timeZone, sql`product_id <> 0`)}) c left join products p on p.id = c.product_id
      group by c.product_id order by views desc nulls last, paid desc nulls last, name`);
    const all = rowsOf<Counts & { key: string; name: string }>(result).map((r) => ({ key: r.key, name: r.name, ...figures(r) }));
    const { rows, rowCount } = pageOf(all, query);
    return { ...period, rows, rowCount, totals };
  }
  const groupBy = query.groupBy;
  const result = await db.execute(sql`
    select to_char(date_trunc(${groupBy}, day), 'YYYY-MM-DD') as grp, ${pivot}
    from (${countsIn(period, timeZone, sessions)}) c group by 1`);
  const byGroup = new Map(rowsOf<Counts & { grp: string }>(result).map((r) => [r.grp, r]));
  const all = periodGroups(period, groupBy).map((g) => ({ periodStart: g.periodStart, periodEnd: g.periodEnd, ...figures(byGroup.get(g.key)) }));
  const { rows, rowCount } = pageOf(all, query);
  return { ...period, rows, rowCount, totals };
}

/** GET /api/admin/reports/funnel: the period in the store's zone, and the period to compare with when asked. */
export async function funnelReport({ db, query, timeZone, now }: { db: Database; query: FunnelReportQuery; timeZone: string; now: Date }): Promise<FunnelReport> {
  const period = resolvePeriod(query, todayIn(timeZone, now));
  const series = await withCompare(period, query.compare, (p) => funnelSeries(db, p, query, timeZone));
  return { ...series, timeZone, groupBy: query.groupBy, offset: query.offset, limit: query.limit ?? null };
}
