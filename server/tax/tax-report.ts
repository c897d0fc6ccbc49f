import { stringify } from "csv-stringify/sync";
import { sql } from "drizzle-orm";
import { COUNTRIES, isCountry, subdivisionName } from "../../shared/regions";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import type { TaxReportQuery } from "./tax-admin-schemas";

export interface TaxReportRow {
  /** "2026-03": the month (UTC) orders were paid in, and refunds made in. */
  month: string;
  country: string;
  subdivision: string | null;
  /** "California, United States". */
  region: string;
  /** Orders paid that month. */
  orders: number;
  taxableCents: number;
  taxCents: number;
  /** What refunds made that month gave back: the taxable amount, and the tax. */
  refundedTaxableCents: number;
  refundedCents: number;
  netTaxableCents: number;
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
 * The orders that count in a report (tax, sales): paid, and not failed, canceled or expired since. `o` is the orders
 * table's alias in the query.
 */
export const countedOrders = (o: "o" | "p") =>
  sql.raw(`${o}.paid_at is not null and ${o}.status not in ('failed', 'canceled', 'expired')
  -- a late payment refunded whole at once (no refund rows) collected nothing
  and not (${o}.status = 'refunded' and ${o}.refunded_cents = 0)`);
const counted = countedOrders("o");

/**
 * Tax collected per region per month (issue 27): the tax lines of paid orders, by the month of payment (UTC) and the
 * address's country and state, less what refunds gave back in the month the refund was made (a tax return is filed
 * for the month money moved, not re-filed for the order's). Taxable amounts are netted the same way. An order line
 * taxed at two rates (state and county) counts its taxable amount once, in a sale and in a refund.
 */
export async function taxReport({ db, query, now }: { db: Database; query: TaxReportQuery; now: Date }) {
  const { from, to } = reportMonths(query, now);
  const [start, end] = [monthStart(from).toISOString(), monthStart(addMonths(to, 1)).toISOString()];
  const result = await db.execute(sql`
    with sold as (
      select o.id as order_id, to_char(o.paid_at at time zone 'UTC', 'YYYY-MM') as month, l.country, l.subdivision,
             max(l.taxable_cents) as taxable, sum(l.tax_cents) as tax
      from order_tax_lines l
      join orders o on o.id = l.order_id
      where ${counted} and o.paid_at >= ${start}::timestamptz and o.paid_at < ${end}::timestamptz
      group by o.id, 2, l.country, l.subdivision, l.order_item_id
    ), given_back as (
      select to_char(f.created_at at time zone 'UTC', 'YYYY-MM') as month, l.country, l.subdivision,
             max(r.taxable_cents) as taxable, sum(r.tax_cents) as tax
      from refund_tax_lines r
      join refunds f on f.id = r.refund_id
      join order_tax_lines l on l.id = r.order_tax_line_id
      join orders o on o.id = l.order_id
      where ${counted} and f.created_at >= ${start}::timestamptz and f.created_at < ${end}::timestamptz
      group by f.id, 1, l.country, l.subdivision, l.order_item_id
    ), moves as (
      select order_id, month, country, subdivision, taxable, tax, 0 as refunded_taxable, 0 as refunded from sold
      union all
      select null, month, country, subdivision, 0, 0, taxable, tax from given_back
    )
    select month, country, subdivision, count(distinct order_id)::int as orders,
           sum(taxable)::bigint as taxable, sum(tax)::bigint as tax,
           sum(refunded_taxable)::bigint as refunded_taxable, sum(refunded)::bigint as refunded
    from moves
    group by month, country, subdivision
    order by month desc, country, subdivision nulls first`);
  type Row = { month: string; country: string; subdivision: string | null; orders: number; taxable: string; tax: string; refunded_taxable: string; refunded: string };
  const rows: TaxReportRow[] = rowsOf<Row>(result).map((r) => ({
    month: r.month,
    country: r.country,
    subdivision: r.subdivision,
    region: regionLabel(r.country, r.subdivision),
    orders: r.orders,
    taxableCents: Number(r.taxable),
    taxCents: Number(r.tax),
    refundedTaxableCents: Number(r.refunded_taxable),
    refundedCents: Number(r.refunded),
    netTaxableCents: Number(r.taxable) - Number(r.refunded_taxable),
    netCents: Number(r.tax) - Number(r.refunded),
  }));
  const keys = ["taxableCents", "taxCents", "refundedTaxableCents", "refundedCents", "netTaxableCents", "netCents"] as const;
  const totals = Object.fromEntries(keys.map((key) => [key, rows.reduce((total, r) => total + r[key], 0)])) as Record<(typeof keys)[number], number>;
  return { from, to, rows, totals };
}

/** 123456 → "1234.56" (no currency sign or grouping: spreadsheets read it as a number). */
export const dollars = (cents: number) => `${cents < 0 ? "-" : ""}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;

/** The same report as CSV, amounts in dollars with two decimals, and the file's name. */
export async function taxReportCsv(args: Parameters<typeof taxReport>[0]) {
  const { from, to, rows } = await taxReport(args);
  const csv = stringify([
    ["Month", "Country", "State or province", "Region code", "Orders", "Taxable (USD)", "Tax collected (USD)", "Taxable refunded (USD)", "Tax refunded (USD)", "Net taxable (USD)", "Net tax (USD)"],
    ...rows.map((r) => [
      r.month,
      r.country,
      r.subdivision ? subdivisionName(r.subdivision) : "",
      r.subdivision ?? "",
      r.orders,
      ...[r.taxableCents, r.taxCents, r.refundedTaxableCents, r.refundedCents, r.netTaxableCents, r.netCents].map(dollars),
    ]),
  ]);
  return { csv, filename: `tax-${from}-to-${to}.csv` };
}
