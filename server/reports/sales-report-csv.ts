import { dollars } from "../tax/tax-report";
import { reportCsv } from "./report-csv";
import type { SalesReport, SalesRow } from "./sales-report";

export const SALES_CSV_HEADER = [
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

const line = (r: SalesRow) => [
  r.periodStart,
  r.periodEnd,
  ...[r.grossSalesCents, r.discountsCents, r.returnsCents, r.netSalesCents, r.shippingCents, r.taxCents, r.totalSalesCents].map(dollars),
  r.orders,
  r.units,
  dollars(r.averageOrderValueCents),
  r.newCustomers,
  r.returningCustomers,
];

/** Sales over time as CSV: a row per period, amounts in dollars with two decimals. */
export const salesReportCsv = (report: SalesReport) => reportCsv(SALES_CSV_HEADER, report, line);
