import type { Route } from "./+types/admin-reports-sales";
import { servicesContext } from "~/context";
import { AdminShell } from "~/components/admin/admin-shell";
import { LabelledSelect } from "~/components/admin/labelled-select";
import { change, CsvLink, ReportError, ReportHelp, ReportPeriodForm, ReportTable } from "~/components/admin/report-frame";
import { SalesOverTimeChart } from "~/components/admin/sales-over-time-chart";
import { adminMeta } from "~/lib/admin-meta";
import { requirePermission } from "~/lib/guards.server";
import { formatPrice } from "~/lib/money";
import type { SalesFigures, SalesRow } from "../../server/reports/sales-report";

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, "reports.read");
  const params = Object.fromEntries(new URL(request.url).searchParams);
  return context.get(servicesContext).reports.salesPage(params);
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Sales over time");

const money = (cents: number) => formatPrice(cents / 100);
const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const monthFormat = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);
function periodLabel(row: Pick<SalesRow, "periodStart" | "periodEnd">, groupBy: string) {
  if (groupBy === "day") return dayFormat.format(dateOf(row.periodStart));
  if (groupBy === "month" && row.periodStart.endsWith("-01")) return monthFormat.format(dateOf(row.periodStart));
  return `${dayFormat.format(dateOf(row.periodStart))} – ${dayFormat.format(dateOf(row.periodEnd))}`;
}

/** The table's columns: each figure, how it reads, and what it means (the help text, as Shopify defines it). */
const FIGURES: { key: keyof SalesFigures; label: string; money: boolean; help: string }[] = [
  { key: "grossSalesCents", label: "Gross sales", money: true, help: "Product prices × quantities ordered, before discounts, without shipping and tax (prices that include tax count without it), by the day the order was paid." },
  { key: "giftCardSalesCents", label: "Gift cards sold", money: true, help: "Gift cards bought in those orders: money owed to their holders (a liability), not a sale, so left out of every other figure. Their sale counts when a card is spent." },
  { key: "discountsCents", label: "Discounts", money: true, help: "What discount codes took off those orders' products (free shipping shows in Shipping instead)." },
  { key: "returnsCents", label: "Returns", money: true, help: "What refunds gave back for products, less the tax and shipping they gave back, counted on the day the refund was made — not the order's — as the tax report counts them." },
  { key: "netSalesCents", label: "Net sales", money: true, help: "Gross sales − discounts − returns." },
  { key: "shippingCents", label: "Shipping", money: true, help: "Shipping charged on those orders, less shipping refunded in the period (a refund gives back products first, shipping last)." },
  { key: "taxCents", label: "Taxes", money: true, help: "Tax charged on those orders, less tax refunded in the period." },
  { key: "totalSalesCents", label: "Total sales", money: true, help: "Net sales + shipping + taxes: what customers paid less what was refunded." },
  { key: "orders", label: "Orders", money: false, help: "Orders paid in the period. Canceled, failed and expired orders never count, here or in any period." },
  { key: "units", label: "Units", money: false, help: "Units on those orders (returned units still count here; their value is in Returns)." },
  { key: "averageOrderValueCents", label: "Average order value", money: false, help: "(Gross sales − discounts) ÷ orders: shipping, tax and returns left out." },
  { key: "newCustomers", label: "New customers", money: false, help: "Customers (by email, with or without an account) whose first paid order is in the period." },
  { key: "returningCustomers", label: "Returning customers", money: false, help: "Customers who ordered in the period and had a paid order before it." },
];
const show = (key: keyof SalesFigures, v: number) => (key === "averageOrderValueCents" || FIGURES.find((f) => f.key === key)?.money ? money(v) : v.toLocaleString("en-US"));

/** Reports → Sales over time (issue 52): the period, grouped by day, week or month, in the store's time zone. */
export default function AdminReportsSales({ loaderData }: Route.ComponentProps) {
  const { range, from, to, query: { groupBy, compare }, timeZone, report, error } = loaderData;
  const headline: (keyof SalesFigures)[] = ["netSalesCents", "totalSalesCents", "orders", "averageOrderValueCents"];
  return (
    <AdminShell
      title="Sales over time"
      actions={
        report && (
          <CsvLink report="sales" query={{ from, to, groupBy, compare }} />
        )
      }
    >
      <ReportPeriodForm range={range} from={from} to={to} compare={compare} timeZone={timeZone}>
        <LabelledSelect id="report-group" name="groupBy" label="Group by" defaultValue={groupBy} options={[["day", "Day"], ["week", "Week (from Monday)"], ["month", "Month"]]} />
      </ReportPeriodForm>

      <ReportError error={error} />

      {report && (
        <>
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {headline.map((key) => {
              const figure = FIGURES.find((f) => f.key === key)!;
              const delta = change(report.totals[key], report.compare?.totals[key]);
              return (
                <div key={key} className="rounded-2xl bg-surface-muted p-5">
                  <dt className="text-sm text-ink-muted">{figure.label}</dt>
                  <dd className="mt-1 font-display text-2xl font-bold tabular-nums">{show(key, report.totals[key])}</dd>
                  {report.compare && (
                    <dd className="mt-1 text-xs text-ink-muted">
                      {delta ?? "—"} against {show(key, report.compare.totals[key])}
                    </dd>
                  )}
                </div>
              );
            })}
          </dl>

          <section aria-labelledby="chart-heading" className="mt-8 rounded-3xl border border-line p-6">
            <h2 id="chart-heading" className="mb-1 font-semibold">
              Net sales by {groupBy}
            </h2>
            <p className="mb-4 text-sm text-ink-muted">
              {dayFormat.format(dateOf(report.from))} to {dayFormat.format(dateOf(report.to))}
              {report.compare && (
                <>
                  {" "}
                  <span aria-hidden="true" className="ml-2 inline-block size-2.5 rounded-sm bg-ink-muted/40" /> compared with {dayFormat.format(dateOf(report.compare.from))} to {dayFormat.format(dateOf(report.compare.to))}
                </>
              )}
            </p>
            <SalesOverTimeChart
              label={`Net sales by ${groupBy}; the numbers are in the table below`}
              points={report.rows.map((r, i) => ({ label: periodLabel(r, groupBy), cents: r.netSalesCents, compareCents: report.compare?.rows[i]?.netSalesCents }))}
            />
          </section>

          <section aria-labelledby="table-heading" className="mt-8">
            <h2 id="table-heading" className="mb-3 font-semibold">
              Every figure by {groupBy}
            </h2>
            <ReportTable
              label={`Sales by ${groupBy}`}
              first="Period"
              figures={FIGURES}
              rows={report.rows.map((r) => ({ id: r.periodStart, name: periodLabel(r, groupBy), row: r as SalesFigures }))}
              totals={report.totals}
              cell={(row, key) => show(key as keyof SalesFigures, row[key as keyof SalesFigures])}
            />
          </section>
        </>
      )}

      <ReportHelp figures={FIGURES} />
    </AdminShell>
  );
}
