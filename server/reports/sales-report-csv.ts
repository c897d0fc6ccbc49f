import { stringify } from "csv-stringify/sync";
import { dollars } from "../tax/tax-report";
import type { SalesReport, SalesRow } from "./sales-report";

export const SALES_CSV_HEADER = [
  "Series",
  "Period start",
  "Period end",
  "Gross sales (USD)",
  "Discounts (USD)",
  "Returns (USD)",
  "Net sales (USD)",
  "Shipping (USD)",
  "Taxes (USD)",
  "Total sales (USD)",
  "Orders",
  "Units",
  "Average order value (USD)",
  "New customers",
  "Returning customers",
];

const line = (series: string, r: SalesRow) => [
  series,
  r.periodStart,
  r.periodEnd,
  ...[r.grossSalesCents, r.discountsCents, r.returnsCents, r.netSalesCents, r.shippingCents, r.taxCents, r.totalSalesCents].map(dollars),
  r.orders,
  r.units,
  dollars(r.averageOrderValueCents),
  r.newCustomers,
  r.returningCustomers,
];

/**
 * The report as CSV chunks for sendCsv (issue 32's streamed downloads): the header, then one row per period, then the
 * compared period's rows (series "comparison") when one was asked for. Amounts in dollars with two decimals.
 */
export async function* salesReportCsv(report: SalesReport): AsyncGenerator<string> {
  yield stringify([SALES_CSV_HEADER]);
  const series: [string, SalesRow[]][] = [["current", report.rows], ...(report.compare ? [["comparison", report.compare.rows] as [string, SalesRow[]]] : [])];
  for (const [name, rows] of series) {
    for (let i = 0; i < rows.length; i += 200) yield stringify(rows.slice(i, i + 200).map((r) => line(name, r)));
  }
}

export const salesCsvName = (store: string, { from, to }: { from: string; to: string }) => `${store}-sales-${from}-to-${to}.csv`;
