import type { Route } from "./+types/admin-reports-products";
import { servicesContext } from "~/context";
import { AdminShell } from "~/components/admin/admin-shell";
import { LabelledSelect } from "~/components/admin/labelled-select";
import { change, CsvLink, formatDay, ReportError, ReportHelp, ReportPeriodForm, ReportTable } from "~/components/admin/report-frame";
import { TopBarsChart } from "~/components/admin/top-bars-chart";
import { adminMeta } from "~/lib/admin-meta";
import { requirePermission } from "~/lib/guards.server";
import { formatPrice } from "~/lib/money";
import type { ProductFigures } from "../../server/reports/products-report";

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, "reports.read");
  return context.get(servicesContext).reports.productsPage(Object.fromEntries(new URL(request.url).searchParams));
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Sales by product");

const money = (cents: number) => formatPrice(cents / 100);
const GROUPS = [
  ["product", "Product"],
  ["variant", "Variant"],
  ["collection", "Collection"],
  ["discount", "Discount code"],
  ["channel", "Channel"],
] as const;

type Figure = { key: keyof ProductFigures; label: string; show: (v: number) => string; help: string; discountOnly?: true };
const count = (v: number) => v.toLocaleString("en-US");
/** The table's columns and the help text: the same definitions as Sales over time. */
const FIGURES: Figure[] = [
  { key: "orders", label: "Orders", show: count, help: "Orders paid in the period with a line in the row (an order with two products counts in both)." },
  { key: "units", label: "Units", show: count, help: "Units sold on those orders (returned units still count here; their value is in Returns)." },
  { key: "grossSalesCents", label: "Gross sales", show: money, help: "Price × quantity of the row's lines, before discounts, without shipping and tax, by the day the order was paid." },
  { key: "discountsCents", label: "Discounts", show: money, help: "What discount codes took off those lines." },
  { key: "returnsCents", label: "Returns", show: money, help: "Refunds made in the period, less their tax and shipping, on the lines they gave back (by the refunded lines, else the return's units, else shared by what each line sold for)." },
  { key: "netSalesCents", label: "Net sales", show: money, help: "Gross sales − discounts − returns. The rows add up to Sales over time's figures for the period." },
  { key: "customers", label: "Customers", show: count, help: "Discount codes: the customers (by email) who used the code in the period.", discountOnly: true },
  { key: "newCustomerShare", label: "New customers", show: (v) => `${(v * 100).toFixed(1)}%`, help: "Discount codes: the share of those customers for whom it was their first order.", discountOnly: true },
];
const CHANNEL_HELP = {
  label: "Channel",
  help: "Where the order's shopper landed from, as kept at checkout: Meta catalog (utm_source facebook, instagram or meta), Newsletter (utm_medium email), Search (a search engine referred them), Direct (nothing known), otherwise the utm_source or the referring site.",
};

/** Reports → Sales by product (issue 52): what sold, per product, variant, collection, discount code or channel. */
export default function AdminReportsProducts({ loaderData }: Route.ComponentProps) {
  const { range, from, to, query, timeZone, report, error } = loaderData;
  const { groupBy, compare } = query;
  const figures = FIGURES.filter((f) => !f.discountOnly || groupBy === "discount");
  const groupLabel = GROUPS.find(([g]) => g === groupBy)![1];
  const headline = figures.filter((f) => ["netSalesCents", "grossSalesCents", "orders", "units"].includes(f.key));
  return (
    <AdminShell title="Sales by product" actions={report && <CsvLink report="products" query={{ from, to, groupBy, compare }} />}>
      <ReportPeriodForm range={range} from={from} to={to} compare={compare} timeZone={timeZone}>
        <LabelledSelect id="report-group" name="groupBy" label="Group by" defaultValue={groupBy} options={GROUPS} />
      </ReportPeriodForm>
      <ReportError error={error} />

      {report && (
        <>
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {headline.map((f) => {
              const now = report.totals[f.key] ?? 0;
              const before = report.compare?.totals[f.key];
              return (
                <div key={f.key} className="rounded-2xl bg-surface-muted p-5">
                  <dt className="text-sm text-ink-muted">{f.label}</dt>
                  <dd className="mt-1 font-display text-2xl font-bold tabular-nums">{f.show(now)}</dd>
                  {report.compare && (
                    <dd className="mt-1 text-xs text-ink-muted">
                      {change(now, before) ?? "—"} against {f.show(before ?? 0)}
                    </dd>
                  )}
                </div>
              );
            })}
          </dl>

          <section aria-labelledby="chart-heading" className="mt-8 rounded-3xl border border-line p-6">
            <h2 id="chart-heading" className="mb-1 font-semibold">
              Top 10 by net sales
            </h2>
            <p className="mb-4 text-sm text-ink-muted">
              {formatDay(report.from)} to {formatDay(report.to)}
            </p>
            {report.rows.length ? (
              <TopBarsChart label={`Net sales of the top 10 by ${groupLabel.toLowerCase()}; every row is in the table below`} bars={report.rows.slice(0, 10).map((r) => ({ name: r.name, value: r.netSalesCents }))} format={money} />
            ) : (
              <p className="text-sm text-ink-muted">Nothing sold in this period.</p>
            )}
          </section>

          <section aria-labelledby="table-heading" className="mt-8">
            <h2 id="table-heading" className="mb-3 font-semibold">
              Every {groupLabel.toLowerCase()}
            </h2>
            <ReportTable
              label={`Sales by ${groupLabel.toLowerCase()}`}
              first={groupLabel}
              figures={figures}
              rows={report.rows.map((r) => ({ id: r.key, name: r.name, row: r as ProductFigures }))}
              totals={report.totals}
              cell={(row, key) => figures.find((f) => f.key === key)!.show(row[key as keyof ProductFigures] ?? 0)}
            />
          </section>
        </>
      )}
      <ReportHelp figures={[...(groupBy === "channel" ? [CHANNEL_HELP] : []), ...figures]} />
    </AdminShell>
  );
}
