import type { Route } from "./+types/admin-reports-funnel";
import { servicesContext } from "~/context";
import { AdminShell } from "~/components/admin/admin-shell";
import { LabelledSelect } from "~/components/admin/labelled-select";
import { change, CsvLink, formatDay, pagedParams, ReportError, ReportHelp, ReportPager, ReportPeriodForm, ReportTable } from "~/components/admin/report-frame";
import { TopBarsChart } from "~/components/admin/top-bars-chart";
import { adminMeta } from "~/lib/admin-meta";
import { requirePermission } from "~/lib/guards.server";
import { FUNNEL_STAGE_LABELS } from "../../shared/funnel";
import type { FunnelFigures, FunnelRow } from "../../server/reports/funnel-report";

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, "reports.read");
  return context.get(servicesContext).reports.funnelPage(pagedParams(request.url));
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Funnel");

const GROUPS = [
  ["day", "Day"],
  ["week", "Week"],
  ["month", "Month"],
  ["product", "Product"],
] as const;

const count = (v: number) => v.toLocaleString("en-US");
const percent = (v: number | null) => (v === null ? "—" : `${v.toFixed(1)}%`);
const STAGES = [
  ["viewedProduct", FUNNEL_STAGE_LABELS.view, "Sessions that opened a product page (the page tells the store once it has settled)."],
  ["addedToCart", FUNNEL_STAGE_LABELS.cart, "Sessions that added a piece to the cart (per product: that product)."],
  ["beganCheckout", FUNNEL_STAGE_LABELS.checkout, "Sessions that opened checkout with something in the cart (per product: with that product in it)."],
  ["reachedPayment", FUNNEL_STAGE_LABELS.payment, "Sessions whose details were accepted and whose payment was set up: the order is made and waits for the card."],
  ["paid", FUNNEL_STAGE_LABELS.paid, "Sessions whose order was paid, counted when the payment arrived."],
] as const;

/** The table's columns and the help text. */
const FIGURES: { key: string; label: string; show: (f: FunnelFigures) => string; help: string }[] = [
  ...STAGES.map(([key, label, help]) => ({ key, label, show: (f: FunnelFigures) => count(f[key]), help })),
  { key: "conversionPercent", label: "Conversion", show: (f) => percent(f.conversionPercent), help: "Sessions that paid ÷ sessions that viewed a product. — when none viewed one." },
];

const rowName = (r: FunnelRow) => ("name" in r ? r.name : r.periodStart === r.periodEnd ? formatDay(r.periodStart) : `${formatDay(r.periodStart)} – ${formatDay(r.periodEnd)}`);
const rowId = (r: FunnelRow) => ("key" in r ? r.key : r.periodStart);

/** Reports → Funnel (issue 52): where shoppers leave, counted by the store itself (decision 0057). */
export default function AdminReportsFunnel({ loaderData }: Route.ComponentProps) {
  const { range, from, to, query, timeZone, report, error } = loaderData;
  const { groupBy, compare } = query;
  const groupLabel = GROUPS.find(([g]) => g === groupBy)![1];
  const totals = report?.totals;
  return (
    <AdminShell title="Funnel" actions={report && <CsvLink report="funnel" query={{ from, to, groupBy, compare }} />}>
      <ReportPeriodForm range={range} from={from} to={to} compare={compare} timeZone={timeZone}>
        <LabelledSelect id="report-group" name="groupBy" label="By" defaultValue={groupBy} options={GROUPS} />
      </ReportPeriodForm>
      <ReportError error={error} />

      {report && totals && (
        <>
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-3">
            {[FIGURES[0]!, FIGURES[4]!, FIGURES[5]!].map((f) => (
              <div key={f.key} className="min-w-0 rounded-2xl bg-surface-muted p-5">
                <dt className="text-sm text-ink-muted">{f.label}</dt>
                <dd className="mt-1 font-display text-2xl font-bold tabular-nums">{f.show(totals)}</dd>
                {report.compare && (
                  <dd className="mt-1 text-xs text-ink-muted">
                    against {f.show(report.compare.totals)}
                    {f.key !== "conversionPercent" && change(totals[f.key as "paid"], report.compare.totals[f.key as "paid"]) ? ` (${change(totals[f.key as "paid"], report.compare.totals[f.key as "paid"])})` : ""}
                  </dd>
                )}
              </div>
            ))}
          </dl>

          <section aria-labelledby="chart-heading" className="mt-8 rounded-3xl border border-line p-6">
            <h2 id="chart-heading" className="mb-1 font-semibold">
              Sessions at each stage
            </h2>
            <p className="mb-4 text-sm text-ink-muted">
              {formatDay(report.from)} to {formatDay(report.to)}; each step's share of the one before is in brackets
            </p>
            {totals.viewedProduct + totals.addedToCart > 0 ? (
              <TopBarsChart
                label="Sessions at each stage of the funnel; the same numbers are in the table below"
                bars={STAGES.map(([key, label], i) => {
                  const before = i > 0 ? totals[STAGES[i - 1]![0]] : null;
                  return { name: before ? `${label} (${percent(Math.round((1000 * totals[key]) / before) / 10)})` : label, value: totals[key] };
                })}
                format={count}
              />
            ) : (
              <p className="text-sm text-ink-muted">No sessions were counted in this period.</p>
            )}
          </section>

          <section aria-labelledby="table-heading" className="mt-8">
            <h2 id="table-heading" className="mb-3 font-semibold">
              By {groupLabel.toLowerCase()}
              {groupBy === "product" ? ", most viewed first" : ""}
            </h2>
            <ReportTable
              label={`Funnel by ${groupLabel.toLowerCase()}`}
              first={groupLabel}
              figures={FIGURES}
              rows={report.rows.map((r) => ({ id: rowId(r), name: rowName(r), row: r as FunnelFigures }))}
              totals={totals}
              cell={(row, key) => FIGURES.find((f) => f.key === key)!.show(row)}
            />
            <ReportPager rowCount={report.rowCount} offset={report.offset} limit={report.limit} query={{ from, to, groupBy, compare }} />
            {groupBy === "product" && <p className="mt-3 text-sm text-ink-muted">A session that viewed two products counts once in the totals and once under each product.</p>}
          </section>
        </>
      )}
      <ReportHelp
        figures={[
          ...FIGURES,
          {
            label: "How sessions are counted",
            help: "The store counts them itself, on its own server: a visit gets a random number that says nothing about the shopper, and each stage is noted once per visit. Nothing is sent to anyone else, and no cookie is set for it; a reload starts a new visit unless the shopper allowed analytics. The figures are live: a stage counts as soon as it happens.",
          },
        ]}
      />
    </AdminShell>
  );
}
