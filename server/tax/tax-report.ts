import { stringify } from "csv-stringify/sync";
import { sql } from "drizzle-orm";
import { COUNTRIES, isCountry, subdivisionName } from "../../shared/regions";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import type { TaxReportQuery } from "./tax-admin-schemas";

export interface TaxReportRow {
  /** "2026-03", the month the orders were paid in (UTC). */
  month: string;
  country: string;
  subdivision: string | null;
  /** "California, United States". */
  region: string;
  orders: number;
  taxableCents: number;
  taxCents: number;
  refundedCents: number;
  netCents: number;
}

const MAX_MONTHS = 60;

const monthOf = (d: Date) => d.toISOString().slice(0, 7);
const monthStart = (month: string) => new Date(`${month}-01T00:00:00Z`);
const addMonths = (month: string, n: number) => {
  const d = monthStart(month);
  d.setUTCMonth(d.getUTCMonth() + n);
  return monthOf(d);
};

/** The months a report covers: both ends as given, else the 12 months up to this one; at most five years. */
export function reportMonths(query: TaxReportQuery, now: Date): { from: string; to: string } {
  const to = query.to ?? (query.from && query.from > monthOf(now) ? query.from : monthOf(now));
  const from = query.from ?? addMonths(to, -11);
  return { from: from < addMonths(to, -(MAX_MONTHS - 1)) ? addMonths(to, -(MAX_MONTHS - 1)) : from, to };
}

export const regionLabel = (country: string, subdivision: string | null) => {
  const countryName = isCountry(country) ? COUNTRIES[country] : country;
  return subdivision ? `${subdivisionName(subdivision)}, ${countryName}` : countryName;
};

/**
 * Tax collected per region per month (issue 27): the tax lines of paid orders (not failed, canceled or expired), by
 * the month of payment (UTC) and the address's country and state; refunds count against the order's month. An order
 * line taxed at two rates (state and county) counts its taxable amount once.
 */
export async function taxReport({ db, query, now }: { db: Database; query: TaxReportQuery; now: Date }) {
  const { from, to } = reportMonths(query, now);
  const result = await db.execute(sql`
    with per_line as (
      select o.id as order_id, to_char(o.paid_at at time zone 'UTC', 'YYYY-MM') as month, l.country, l.subdivision,
             max(l.taxable_cents) as taxable, sum(l.tax_cents) as tax, coalesce(sum(r.refunded), 0) as refunded
      from order_tax_lines l
      join orders o on o.id = l.order_id
      left join (select order_tax_line_id, sum(tax_cents) as refunded from refund_tax_lines group by order_tax_line_id) r on r.order_tax_line_id = l.id
      where o.paid_at is not null and o.status not in ('failed', 'canceled', 'expired')
        -- a late payment refunded whole at once (no refund rows) collected no tax
        and not (o.status = 'refunded' and o.refunded_cents = 0)
        and o.paid_at >= ${monthStart(from).toISOString()}::timestamptz and o.paid_at < ${monthStart(addMonths(to, 1)).toISOString()}::timestamptz
      group by o.id, 2, l.country, l.subdivision, l.order_item_id
    )
    select month, country, subdivision, count(distinct order_id)::int as orders,
           sum(taxable)::bigint as taxable, sum(tax)::bigint as tax, sum(refunded)::bigint as refunded
    from per_line
    group by month, country, subdivision
    order by month desc, country, subdivision nulls first`);
  const rows: TaxReportRow[] = rowsOf<{ month: string; country: string; subdivision: string | null; orders: number; taxable: string; tax: string; refunded: string }>(result).map((r) => ({
    month: r.month,
    country: r.country,
    subdivision: r.subdivision,
    region: regionLabel(r.country, r.subdivision),
    orders: r.orders,
    taxableCents: Number(r.taxable),
    taxCents: Number(r.tax),
    refundedCents: Number(r.refunded),
    netCents: Number(r.tax) - Number(r.refunded),
  }));
  const sum = (key: "taxableCents" | "taxCents" | "refundedCents" | "netCents") => rows.reduce((total, r) => total + r[key], 0);
  return { from, to, rows, totals: { taxableCents: sum("taxableCents"), taxCents: sum("taxCents"), refundedCents: sum("refundedCents"), netCents: sum("netCents") } };
}

/** 123456 → "1234.56" (no currency sign or grouping: spreadsheets read it as a number). */
const dollars = (cents: number) => `${cents < 0 ? "-" : ""}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;

/** The same report as CSV, amounts in dollars with two decimals, and the file's name. */
export async function taxReportCsv(args: Parameters<typeof taxReport>[0]) {
  const { from, to, rows } = await taxReport(args);
  const csv = stringify([
    ["Month", "Country", "State or province", "Region code", "Orders", "Taxable (USD)", "Tax collected (USD)", "Tax refunded (USD)", "Net tax (USD)"],
    ...rows.map((r) => [r.month, r.country, r.subdivision ? subdivisionName(r.subdivision) : "", r.subdivision ?? "", r.orders, dollars(r.taxableCents), dollars(r.taxCents), dollars(r.refundedCents), dollars(r.netCents)]),
  ]);
  return { csv, filename: `tax-${from}-to-${to}.csv` };
}
