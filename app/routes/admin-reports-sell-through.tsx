import { Link } from "react-router";
import type { Route } from "./+types/admin-reports-sell-through";
import { servicesContext } from "~/context";
import { AdminShell } from "~/components/admin/admin-shell";
import { LabelledSelect } from "~/components/admin/labelled-select";
import { CsvLink, formatDay, pagedParams, ReportError, ReportHelp, ReportPager, ReportPeriodForm, ReportTable } from "~/components/admin/report-frame";
import { TopBarsChart } from "~/components/admin/top-bars-chart";
import { adminMeta } from "~/lib/admin-meta";
import { requirePermission } from "~/lib/guards.server";
import type { SellThroughFigures } from "../../server/reports/sell-through-report";

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, "reports.read");
  return context.get(servicesContext).reports.sellThroughPage(pagedParams(request.url));
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Sell-through and stock cover");

const GROUPS = [
  ["variant", "Variant"],
  ["size", "Size"],
  ["product", "Product"],
] as const;
const SORTS = [
  ["sold", "Best sellers"],
  ["sell-through", "Sizes that sit (lowest sell-through)"],
  ["cover", "About to run out (fewest days of cover)"],
] as const;

const dash = (v: number | null, show: (v: number) => string) => (v === null ? "—" : show(v));
const FIGURES: { key: keyof SellThroughFigures; label: string; show: (f: SellThroughFigures) => string; help: string }[] = [
  { key: "unitsSold", label: "Units sold", show: (f) => f.unitsSold.toLocaleString("en-US"), help: "Units on orders paid in the period (returned units included), as Sales over time counts them." },
  { key: "unitsOnHand", label: "On hand", show: (f) => f.unitsOnHand.toLocaleString("en-US"), help: "Units in stock now, including those held by checkouts not yet paid." },
  { key: "sellThroughPercent", label: "Sell-through", show: (f) => dash(f.sellThroughPercent, (v) => `${v.toFixed(1)}%`), help: "Units sold ÷ (units sold + on hand). Low: the size sits; 100%: nothing left." },
  { key: "daysOfCover", label: "Days of cover", show: (f) => dash(f.daysOfCover, (v) => v.toFixed(1)), help: "How many days the stock on hand lasts at the period's pace (units sold ÷ the period's days). — when nothing sold." },
  { key: "lastSoldOutOn", label: "Last sold out", show: (f) => (f.lastSoldOutOn ? formatDay(f.lastSoldOutOn) : "—"), help: "The day a variant of the row last ran out of stock (on hand reached 0), in the store's time zone." },
];

/** Reports → Sell-through (issue 52): per variant, size or product, what sold against what is left. */
export default function AdminReportsSellThrough({ loaderData }: Route.ComponentProps) {
  const { range, from, to, query, timeZone, report, error } = loaderData;
  const { groupBy, sort, compare } = query;
  const groupLabel = GROUPS.find(([g]) => g === groupBy)![1];
  const sortedBy = (s: string) => `?${new URLSearchParams({ from, to, groupBy, sort: s, ...(compare ? { compare } : {}) })}`;
  const chart = sort === "cover" ? report?.rows.filter((r) => r.daysOfCover !== null) : report?.rows;
  return (
    <AdminShell title="Sell-through and stock cover" actions={report && <CsvLink report="sell-through" query={{ from, to, groupBy, sort, compare }} />}>
      <ReportPeriodForm range={range} from={from} to={to} compare={compare} timeZone={timeZone}>
        <LabelledSelect id="report-group" name="groupBy" label="Per" defaultValue={groupBy} options={GROUPS} />
        <LabelledSelect id="report-sort" name="sort" label="Sort by" defaultValue={sort} options={SORTS} />
      </ReportPeriodForm>
      <ReportError error={error} />

      {report && (
        <>
          <nav aria-label="Quick sorts" className="mb-6 flex flex-wrap gap-2">
            {SORTS.map(([s, label]) => (
              <Link key={s} to={sortedBy(s)} aria-current={s === sort ? "page" : undefined} className="rounded-full border border-line px-4 py-1.5 text-sm aria-[current=page]:border-ink aria-[current=page]:bg-ink aria-[current=page]:text-surface">
                {label}
              </Link>
            ))}
          </nav>
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {FIGURES.slice(0, 4).map((f) => (
              <div key={f.key} className="rounded-2xl bg-surface-muted p-5">
                <dt className="text-sm text-ink-muted">{f.label}</dt>
                <dd className="mt-1 font-display text-2xl font-bold tabular-nums">{f.show(report.totals)}</dd>
                {report.compare && f.key === "unitsSold" && <dd className="mt-1 text-xs text-ink-muted">against {f.show(report.compare.totals)}</dd>}
              </div>
            ))}
          </dl>

          <section aria-labelledby="chart-heading" className="mt-8 rounded-3xl border border-line p-6">
            <h2 id="chart-heading" className="mb-1 font-semibold">
              {sort === "cover" ? "Top 10: fewest days of cover" : sort === "sell-through" ? "Top 10: lowest sell-through" : "Top 10: units sold"}
            </h2>
            <p className="mb-4 text-sm text-ink-muted">
              Sold {formatDay(report.from)} to {formatDay(report.to)}; on hand now
            </p>
            {chart?.length ? (
              <TopBarsChart
                label={`${groupLabel}s in the report's order; every row is in the table below`}
                bars={chart.slice(0, 10).map((r) => ({ name: r.name, value: (sort === "cover" ? r.daysOfCover : sort === "sell-through" ? r.sellThroughPercent : r.unitsSold) ?? 0 }))}
                format={(v) => (sort === "cover" ? `${v.toFixed(1)} days` : sort === "sell-through" ? `${v.toFixed(1)}%` : v.toLocaleString("en-US"))}
              />
            ) : (
              <p className="text-sm text-ink-muted">Nothing to show for this period.</p>
            )}
          </section>

          <section aria-labelledby="table-heading" className="mt-8">
            <h2 id="table-heading" className="mb-3 font-semibold">
              Every {groupLabel.toLowerCase()}
            </h2>
            <ReportTable
              label={`Sell-through by ${groupLabel.toLowerCase()}`}
              first={groupLabel}
              figures={FIGURES}
              rows={report.rows.map((r) => ({ id: r.key, name: r.name, row: r as SellThroughFigures }))}
              totals={report.totals}
              cell={(row, key) => FIGURES.find((f) => f.key === key)!.show(row)}
            />
            <ReportPager rowCount={report.rowCount} offset={report.offset} limit={report.limit} query={{ from, to, groupBy, sort, compare }} />
          </section>
        </>
      )}
      <ReportHelp figures={FIGURES} />
    </AdminShell>
  );
}
