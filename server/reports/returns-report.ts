import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { todayIn } from "../../shared/calendar-days";
import { type Fit, type FitSummary, summarizeFit } from "../../shared/reviews";
import { type Period, resolvePeriod, withCompare } from "./report-period";
import { pageOf } from "./report-paging";
import type { ReturnsReportQuery } from "./report-schemas";
import { counted, periodBounds } from "./report-sql";
import type { ReturnReasonKind } from "../../shared/return-reasons";
import { returnReasonKindSql } from "./return-reasons";

/** Returns by reason and fit (issue 52). */
export interface ReturnsFigures {
  /** Units on orders paid in the period, as Sales over time counts them. */
  unitsSold: number;
  /** Units in returns asked for in the period and not refused (whenever they were bought). */
  unitsReturned: number;
  /** Returned ÷ sold × 100, one decimal; null when nothing sold. */
  returnRatePercent: number | null;
  /** Returned units by what their reason says about size (shared/return-reasons.ts). */
  reasons: Record<ReturnReasonKind, number>;
  /** The share of returned units whose reason is about size or fit, one decimal; null when none came back. */
  sizeReasonPercent: number | null;
  /** The reason given for the most units (ties: alphabetical), in the shopper's words; null when none came back. */
  topReason: string | null;
  /** Buyers' fit answers in the product's (or size's) published reviews, of all time, with their verdict. */
  fit: FitSummary;
}
export interface ReturnsRow extends ReturnsFigures {
  key: string;
  name: string;
  product: string;
  size: string | null;
}
export interface ReturnsSeries {
  from: string;
  to: string;
  rows: ReturnsRow[];
  rowCount: number;
  totals: ReturnsFigures;
}
export interface ReturnsReport extends ReturnsSeries {
  timeZone: string;
  groupBy: ReturnsReportQuery["groupBy"];
  offset: number;
  limit: number | null;
  compare?: ReturnsSeries & { compare: "previous" | "year" };
}

const KEYS: Record<ReturnsReportQuery["groupBy"], (t: string) => SQL> = {
  product: (t) => sql`${sql.raw(t)}.product_id::text`,
  size: (t) => sql`${sql.raw(t)}.product_id || ':' || ${sql.raw(t)}.size`,
};

type Fact = { key: string; product: string; size: string; sold: number; returned: number; reason: string | null; kind: ReturnReasonKind | null };
type FitRow = { key: string; fit: Fit; n: number };

/** Adds up facts (a key's sales, and its returned units per reason) and fit answers into one row's figures. */
function figuresOf(facts: Fact[], fits: FitRow[]): ReturnsFigures {
  const reasons: Record<ReturnReasonKind, number> = { tooSmall: 0, tooLarge: 0, fit: 0, other: 0 };
  const byReason = new Map<string, { reason: string; units: number }>();
  let [unitsSold, unitsReturned] = [0, 0];
  for (const f of facts) {
    unitsSold += f.sold;
    unitsReturned += f.returned;
    if (f.kind && f.reason) {
      reasons[f.kind] += f.returned;
      const same = byReason.get(f.reason.toLowerCase()) ?? { reason: f.reason, units: 0 };
      byReason.set(f.reason.toLowerCase(), { ...same, units: same.units + f.returned });
    }
  }
  const top = [...byReason.values()].sort((a, b) => b.units - a.units || a.reason.localeCompare(b.reason))[0];
  const count = (fit: Fit) => fits.filter((f) => f.fit === fit).reduce((s, f) => s + f.n, 0);
  const percent = (part: number, whole: number) => (whole ? Math.round((1000 * part) / whole) / 10 : null);
  return {
    unitsSold,
    unitsReturned,
    returnRatePercent: percent(unitsReturned, unitsSold),
    reasons,
    sizeReasonPercent: percent(reasons.tooSmall + reasons.tooLarge + reasons.fit, unitsReturned),
    topReason: top?.reason ?? null,
    fit: summarizeFit({ small: count("small"), true: count("true"), large: count("large") }),
  };
}

/**
 * One series: units sold and units returned (per reason as the shopper wrote it) per product or size from the
 * period's paid orders and return requests, summed in SQL; buyers' fit answers beside them. A row is listed when it
 * sold or came back in the period; the most returned first, then the highest rate.
 */
async function returnsSeries(db: Database, period: Period, query: ReturnsReportQuery, timeZone: string): Promise<ReturnsSeries> {
  const { start, end } = periodBounds(period, timeZone);
  const key = KEYS[query.groupBy];
  const facts = rowsOf<Fact>(
    await db.execute(sql`
      with moved as (
        select ${key("i")} as key, i.product_id, i.name, i.size, i.quantity as sold, 0 as returned, null::text as reason
        from orders o join order_items i on i.order_id = o.id
        where ${counted} and o.paid_at >= ${start} and o.paid_at < ${end}
        union all
        select ${key("i")}, i.product_id, i.name, i.size, 0, ri.quantity, btrim(r.reason)
        from returns r join return_items ri on ri.return_id = r.id join order_items i on i.id = ri.order_item_id
        where r.status <> 'refused' and r.created_at >= ${start} and r.created_at < ${end}
      )
      select m.key, coalesce(min(p.name), min(m.name)) as product, min(m.size) as size, sum(m.sold)::int as sold, sum(m.returned)::int as returned,
             min(m.reason) as reason, ${returnReasonKindSql(sql`min(m.reason)`)} as kind
      from moved m left join products p on p.id = m.product_id
      group by m.key, lower(m.reason)`),
  ).map((f) => (f.reason === null ? { ...f, kind: null } : f));
  const fits = rowsOf<FitRow>(
    await db.execute(sql`select ${key("w")} as key, w.fit, count(*)::int as n from reviews w where w.status = 'published' and w.fit is not null group by 1, 2`),
  );

  const byKey = <T extends { key: string }>(list: T[]) => list.reduce((m, x) => m.set(x.key, [...(m.get(x.key) ?? []), x]), new Map<string, T[]>());
  const [keys, fitsOf] = [byKey(facts), byKey(fits)];
  const all = [...keys].map(([k, mine]) => {
    const { product, size } = mine[0]!;
    const bySize = query.groupBy === "size";
    return { key: k, name: bySize ? `${product} — ${size}` : product, product, size: bySize ? size : null, ...figuresOf(mine, fitsOf.get(k) ?? []) };
  });
  all.sort((a, b) => b.unitsReturned - a.unitsReturned || (b.returnRatePercent ?? -1) - (a.returnRatePercent ?? -1) || a.name.localeCompare(b.name));
  const { rows, rowCount } = pageOf(all, query);
  return { ...period, rows, rowCount, totals: figuresOf(facts, fits.filter((f) => keys.has(f.key))) };
}

/** GET /api/admin/reports/returns: the period in the store's zone, and the period to compare with when asked. */
export async function returnsReport({ db, query, timeZone, now }: { db: Database; query: ReturnsReportQuery; timeZone: string; now: Date }): Promise<ReturnsReport> {
  const period = resolvePeriod(query, todayIn(timeZone, now));
  const series = await withCompare(period, query.compare, (p) => returnsSeries(db, p, query, timeZone));
  return { ...series, timeZone, groupBy: query.groupBy, offset: query.offset, limit: query.limit ?? null };
}
