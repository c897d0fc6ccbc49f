import type { Route } from "./+types/admin-reports-returns";
import { servicesContext } from "~/context";
import { AdminShell } from "~/components/admin/admin-shell";
import { LabelledSelect } from "~/components/admin/labelled-select";
import { CsvLink, formatDay, pagedParams, ReportError, ReportHelp, ReportPager, ReportPeriodForm, ReportTable } from "~/components/admin/report-frame";
import { TopBarsChart } from "~/components/admin/top-bars-chart";
import { adminMeta } from "~/lib/admin-meta";
import { requirePermission } from "~/lib/guards.server";
import { FIT_LABELS } from "../../shared/reviews";
import type { ReturnsFigures } from "../../server/reports/returns-report";
import { RETURN_REASON_KINDS } from "../../shared/return-reasons";

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, "reports.read");
  return context.get(servicesContext).reports.returnsPage(pagedParams(request.url));
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Returns by reason and fit");

const GROUPS = [
  ["product", "Product"],
  ["size", "Size"],
] as const;

const count = (v: number) => v.toLocaleString("en-US");
const percent = (v: number | null) => (v === null ? "—" : `${v.toFixed(1)}%`);
/** "Runs small (4 of 5)"; the answers without a verdict when fewer than three agree. */
const fitSays = ({ fit }: ReturnsFigures) => (fit.total === 0 ? "—" : fit.verdict ? `${FIT_LABELS[fit.verdict]} (${fit[fit.verdict]} of ${fit.total})` : (["small", "true", "large"] as const).filter((f) => fit[f]).map((f) => `${fit[f]} ${f}`).join(", "));
const reasonHelp = RETURN_REASON_KINDS.map((k) => `${k.label.toLowerCase()} (${k.pattern.split("|").map((w) => `“${w}”`).join(", ")})`).join("; ");

/** "Too small in the shoulders and…", so the table keeps to the page; the CSV has every word. */
const short = (text: string | null) => (text === null ? "—" : text.length > 24 ? `${text.slice(0, 23)}…` : text);
const [tooSmall, tooLarge] = RETURN_REASON_KINDS;

/** The table's columns and the help text (every reason's kind is in the CSV). */
const FIGURES: { key: string; label: string; show: (f: ReturnsFigures) => string; help: string }[] = [
  { key: "unitsSold", label: "Sold", show: (f) => count(f.unitsSold), help: "Units on orders paid in the period, as Sales over time counts them." },
  { key: "unitsReturned", label: "Returned", show: (f) => count(f.unitsReturned), help: "Units in returns asked for in the period, whenever they were bought, unless staff refused the return." },
  { key: "returnRatePercent", label: "Return rate", show: (f) => percent(f.returnRatePercent), help: "Units returned ÷ units sold in the period. — when nothing sold." },
  { key: "smallLarge", label: `${tooSmall.label} / ${tooLarge.label.toLowerCase()}`, show: (f) => `${count(f.reasons.tooSmall)} / ${count(f.reasons.tooLarge)}`, help: "Returned units whose reason says the garment was too small (tight, snug…) / too large (big, loose…); see About size." },
  { key: "sizeReasonPercent", label: "About size", show: (f) => percent(f.sizeReasonPercent), help: `The share of returned units whose reason is about size or fit. Reasons are the shopper's words, sorted by the first that fits: ${reasonHelp}; anything else is another reason. The CSV has each kind.` },
  { key: "topReason", label: "Top reason", show: (f) => short(f.topReason), help: "The reason given for the most returned units, in the shopper's words (the same words in any case count together)." },
  { key: "reviewsFit", label: "Reviews say", show: fitSays, help: "Buyers' fit answers in the published reviews of the product (or of that size), of all time: the verdict once three or more answered and more than half agree." },
];

/** Reports → Returns (issue 52): what comes back, why, and whether buyers' reviews say it is the fit. */
export default function AdminReportsReturns({ loaderData }: Route.ComponentProps) {
  const { range, from, to, query, timeZone, report, error } = loaderData;
  const { groupBy, compare } = query;
  const groupLabel = GROUPS.find(([g]) => g === groupBy)![1];
  const chart = report?.rows.filter((r) => r.unitsReturned > 0).slice(0, 10);
  const tiles = ["unitsReturned", "returnRatePercent", "sizeReasonPercent", "topReason"].map((key) => FIGURES.find((f) => f.key === key)!);
  return (
    <AdminShell title="Returns by reason and fit" actions={report && <CsvLink report="returns" query={{ from, to, groupBy, compare }} />}>
      <ReportPeriodForm range={range} from={from} to={to} compare={compare} timeZone={timeZone}>
        <LabelledSelect id="report-group" name="groupBy" label="Per" defaultValue={groupBy} options={GROUPS} />
      </ReportPeriodForm>
      <ReportError error={error} />

      {report && (
        <>
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {tiles.map((f) => (
              <div key={f.key} className="min-w-0 rounded-2xl bg-surface-muted p-5">
                <dt className="text-sm text-ink-muted">{f.label}</dt>
                <dd className={`mt-1 font-display font-bold tabular-nums ${f.key === "topReason" ? "text-lg break-words" : "text-2xl"}`}>{f.show(report.totals)}</dd>
                {report.compare && f.key !== "topReason" && <dd className="mt-1 text-xs text-ink-muted">against {f.show(report.compare.totals)}</dd>}
              </div>
            ))}
          </dl>

          <section aria-labelledby="chart-heading" className="mt-8 rounded-3xl border border-line p-6">
            <h2 id="chart-heading" className="mb-1 font-semibold">
              Most returned: return rate
            </h2>
            <p className="mb-4 text-sm text-ink-muted">
              Asked for {formatDay(report.from)} to {formatDay(report.to)}, against the units sold then
            </p>
            {chart?.length ? (
              <TopBarsChart label={`The ${chart.length} most returned ${groupLabel.toLowerCase()}s' return rates; every row is in the table below`} bars={chart.map((r) => ({ name: r.name, value: r.returnRatePercent ?? 0 }))} format={(v) => `${v.toFixed(1)}%`} />
            ) : (
              <p className="text-sm text-ink-muted">Nothing came back in this period.</p>
            )}
          </section>

          <section aria-labelledby="table-heading" className="mt-8">
            <h2 id="table-heading" className="mb-3 font-semibold">
              By {groupLabel.toLowerCase()}, most returned first
            </h2>
            <ReportTable
              label={`Returns by ${groupLabel.toLowerCase()}`}
              first={groupLabel}
              figures={FIGURES}
              rows={report.rows.map((r) => ({ id: r.key, name: r.name, row: r as ReturnsFigures }))}
              totals={report.totals}
              cell={(row, key) => FIGURES.find((f) => f.key === key)!.show(row)}
            />
            <ReportPager rowCount={report.rowCount} offset={report.offset} limit={report.limit} query={{ from, to, groupBy, compare }} />
          </section>
        </>
      )}
      <ReportHelp figures={FIGURES} />
    </AdminShell>
  );
}
