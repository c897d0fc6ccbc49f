import { sql } from "drizzle-orm";
import { addDays, todayIn } from "../../shared/calendar-days";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { funnelReport } from "./funnel-report";
import { productsReport, type ProductRow } from "./products-report";
import { counted } from "./report-sql";
import { salesReport } from "./sales-report";

/** One figure set of the dashboard: the reports' own figures for a stretch of days. */
export interface DashboardFigures {
  netSalesCents: number;
  orders: number;
  /** Sessions that paid ÷ sessions that viewed a product × 100 (the funnel's conversion); null without views. */
  conversionPercent: number | null;
}
export interface LowStockRow {
  variantId: number;
  productId: number;
  name: string;
  color: string;
  size: string;
  /** Units in stock (as Sell-through counts them: open checkouts' units are still on the shelf). */
  onHand: number;
  /** Units on orders paid in the last 7 days. */
  soldLast7Days: number;
  /** Days the available units last at the last 7 days' pace, one decimal; null when none sold. */
  daysOfCover: number | null;
}
export interface Dashboard {
  timeZone: string;
  today: { day: string } & DashboardFigures;
  /** The last 7 days, today included, and the 7 before them. */
  week: { from: string; to: string } & DashboardFigures;
  weekBefore: { from: string; to: string } & DashboardFigures;
  /** Net sales per day of the last 7, beside the same weekday of the 7 before. */
  days: { day: string; netSalesCents: number; weekBeforeCents: number }[];
  topProducts: ProductRow[];
  lowStock: LowStockRow[];
}

/** What counts as low: this many units in stock or fewer, or under a week of cover at the last week's pace. */
export const LOW_STOCK_UNITS = 5;
export const LOW_STOCK_DAYS = 7;

/**
 * The dashboard (issue 52): today and the last 7 days against the 7 before, from the reports themselves (Sales over
 * time, the funnel, Sales by product), so each figure is the one its report shows; and the variants running low.
 */
export async function readDashboard({ db, timeZone, now }: { db: Database; timeZone: string; now: Date }): Promise<Dashboard> {
  const today = todayIn(timeZone, now);
  const query = { from: addDays(today, -6), to: today, compare: "previous" as const };
  const sales = await salesReport({ db, timeZone, now, query: { ...query, groupBy: "day" } });
  const funnel = await funnelReport({ db, timeZone, now, query: { ...query, groupBy: "day", offset: 0 } });
  const products = await productsReport({ db, timeZone, now, query: { from: query.from, to: today, groupBy: "product" } });
  const lastDay = <T>(rows: T[]) => rows[rows.length - 1];
  const figures = (s: { netSalesCents: number; orders: number } | undefined, f: { conversionPercent: number | null } | undefined): DashboardFigures => ({
    netSalesCents: s?.netSalesCents ?? 0,
    orders: s?.orders ?? 0,
    conversionPercent: f?.conversionPercent ?? null,
  });
  return {
    timeZone,
    today: { day: today, ...figures(lastDay(sales.rows), lastDay(funnel.rows)) },
    week: { from: sales.from, to: sales.to, ...figures(sales.totals, funnel.totals) },
    weekBefore: { from: sales.compare!.from, to: sales.compare!.to, ...figures(sales.compare!.totals, funnel.compare!.totals) },
    days: sales.rows.map((r, i) => ({ day: r.periodStart, netSalesCents: r.netSalesCents, weekBeforeCents: sales.compare!.rows[i]?.netSalesCents ?? 0 })),
    topProducts: products.rows.slice(0, 5),
    lowStock: await lowStock(db, query.from, timeZone),
  };
}

/** Variants of products for sale that are nearly gone: the fewest days of cover first, then the fewest units. */
async function lowStock(db: Database, from: string, timeZone: string): Promise<LowStockRow[]> {
  const result = await db.execute(sql`
    with sold as (
      select i.variant_id, sum(i.quantity)::int as units
      from orders o join order_items i on i.order_id = o.id
      where o.paid_at >= (${from}::date::timestamp at time zone ${timeZone}) and ${counted}
      group by i.variant_id
    ), stock as (
      select v.id, v.product_id, p.name, v.color, v.size, v.on_hand, coalesce(s.units, 0) as sold
      from variants v join products p on p.id = v.product_id left join sold s on s.variant_id = v.id
      where p.status = 'active' and v.on_hand > 0
    )
    select id as "variantId", product_id as "productId", name, color, size, on_hand as "onHand", sold as "soldLast7Days",
           case when sold > 0 then round(on_hand * 7.0 / sold, 1)::float8 end as "daysOfCover"
    from stock
    where on_hand <= ${LOW_STOCK_UNITS} or (sold > 0 and on_hand * 7.0 / sold < ${LOW_STOCK_DAYS})
    order by "daysOfCover" asc nulls last, on_hand asc, name, size
    limit 5`);
  return rowsOf<LowStockRow>(result).map((r) => ({ ...r, daysOfCover: r.daysOfCover === null ? null : Number(r.daysOfCover) }));
}
