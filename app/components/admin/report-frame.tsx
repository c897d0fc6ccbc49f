import { Download } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Form } from "react-router";
import { AdminTable, tdClass } from "~/components/admin/admin-shell";
import { LabelledSelect } from "~/components/admin/labelled-select";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import { REPORT_RANGES, type ReportRange } from "../../../shared/calendar-days";

const inputClass = "mt-1 h-10 w-full rounded-xl border border-line bg-surface px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
/** "Mar 1, 2025" for a calendar day (the store's zone is already in it). */
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** "+12%" against the compared period; nothing when it had none. */
export function change(now: number, before: number | undefined) {
  if (before === undefined || before === 0) return null;
  const pct = Math.round(((now - before) / Math.abs(before)) * 100);
  return `${pct > 0 ? "+" : ""}${pct}%`;
}

/** A report's Download CSV button: the same query as the page, on the report's .csv path. */
export function CsvLink({ report, query }: { report: string; query: Record<string, string | null | undefined> }) {
  const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => Boolean(e[1])));
  return (
    <a href={`/api/admin/reports/${report}.csv?${params}`} className={secondaryButtonClass} download>
      <Download aria-hidden="true" className="size-4" /> Download CSV
    </a>
  );
}

/**
 * Every report page's GET form (issue 52): a preset or custom dates, what to compare with, the report's own choices
 * (`children`), and which time zone the days follow.
 */
export function ReportPeriodForm({ range, from, to, compare, timeZone, children }: { range: ReportRange; from: string; to: string; compare: string | null | undefined; timeZone: string; children?: ReactNode }) {
  const [chosen, setChosen] = useState(range);
  return (
    <Form method="get" className="mb-6 flex flex-col gap-4 rounded-2xl border border-line p-4 sm:flex-row sm:flex-wrap sm:items-end">
      <LabelledSelect id="report-range" name="range" label="Date range" value={chosen} onChange={(e) => setChosen(e.currentTarget.value as ReportRange)} options={Object.entries(REPORT_RANGES)} />
      <div className="sm:w-40">
        <label htmlFor="report-from" className="block text-sm font-medium">
          From
        </label>
        <input id="report-from" name="from" type="date" defaultValue={from} key={`from-${from}`} onChange={() => setChosen("custom")} className={inputClass} />
      </div>
      <div className="sm:w-40">
        <label htmlFor="report-to" className="block text-sm font-medium">
          To
        </label>
        <input id="report-to" name="to" type="date" defaultValue={to} key={`to-${to}`} onChange={() => setChosen("custom")} className={inputClass} />
      </div>
      <LabelledSelect id="report-compare" name="compare" label="Compare with" defaultValue={compare ?? ""} empty="No comparison" options={[["previous", "Previous period"], ["year", "Same period last year"]]} />
      {children}
      <button type="submit" className={`${buttonClass} whitespace-nowrap`}>
        Show report
      </button>
      <p className="basis-full text-xs text-ink-muted">
        Days run midnight to midnight in the store's time zone, <strong className="font-semibold">{timeZone}</strong> (change it in Settings). Presets end today.
      </p>
    </Form>
  );
}

/** Why there is no report (bad dates or choices), as the form's answer. */
export function ReportError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="mb-6 rounded-2xl border border-red-700 p-4 text-sm text-red-700 dark:border-red-400 dark:text-red-400">
      {error}
    </p>
  );
}

/** The page's help text: what each figure means. */
export function ReportHelp({ figures }: { figures: { label: string; help: string }[] }) {
  return (
    <section aria-labelledby="help-heading" className="mt-8 max-w-3xl">
      <h2 id="help-heading" className="mb-3 font-semibold">
        What each figure means
      </h2>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        {figures.map((f) => (
          <div key={f.label}>
            <dt className="font-semibold">{f.label}</dt>
            <dd className="text-ink-muted">{f.help}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A report's accessible table: a row header per row, one cell per figure, and the totals last in bold. */
export function ReportTable<R>({ label, first, figures, rows, totals, cell }: { label: string; first: string; figures: { key: string; label: string }[]; rows: { id: string; name: string; row: R }[]; totals: R; cell: (row: R, key: string) => string }) {
  return (
    <AdminTable label={label} headers={[first, ...figures.map((f) => f.label)]}>
      {[...rows.map((r) => ({ ...r, total: false })), { id: "total", name: "Total", row: totals, total: true }].map(({ id, name, row, total }) => (
        <tr key={id} className={total ? "bg-surface-muted font-semibold" : undefined}>
          <th scope="row" className={`${tdClass} text-left font-medium`}>
            {name}
          </th>
          {figures.map((f) => (
            <td key={f.key} className={`${tdClass} whitespace-nowrap text-right tabular-nums`}>
              {cell(row, f.key)}
            </td>
          ))}
        </tr>
      ))}
    </AdminTable>
  );
}

/** How many rows a long report's page shows until "Show all" (the API's `limit`). */
export const REPORT_PAGE_ROWS = 50;

/** A long report's page query: the first REPORT_PAGE_ROWS rows unless the address asks for another page or all of them (`limit=`). */
export function pagedParams(url: string): Record<string, string> {
  const params = Object.fromEntries(new URL(url).searchParams);
  return "limit" in params ? params : { ...params, limit: String(REPORT_PAGE_ROWS) };
}

/** Which rows of a long report the table shows, the pages before and after, and "Show all" (or back to the top rows). */
export function ReportPager({ rowCount, offset, limit, query }: { rowCount: number; offset: number; limit: number | null; query: Record<string, string | null | undefined> }) {
  const base = Object.entries(query).filter((e): e is [string, string] => Boolean(e[1]));
  const href = (params: Record<string, string>) => `?${new URLSearchParams([...base, ...Object.entries(params)])}`;
  const linkClass = "rounded-full border border-line px-4 py-1.5 text-sm hover:border-ink";
  if (limit === null || rowCount <= limit) {
    return (
      <p className="mt-3 flex flex-wrap items-center gap-3 text-sm text-ink-muted">
        {rowCount === 1 ? "The only row." : `All ${rowCount.toLocaleString("en-US")} rows.`}
        {limit === null && rowCount > REPORT_PAGE_ROWS && (
          <a href={href({ limit: String(REPORT_PAGE_ROWS) })} className={linkClass}>
            Show the top {REPORT_PAGE_ROWS}
          </a>
        )}
      </p>
    );
  }
  const last = Math.min(offset + limit, rowCount);
  return (
    <nav aria-label="Report pages" className="mt-3 flex flex-wrap items-center gap-3 text-sm">
      <span className="text-ink-muted">
        Rows {rowCount ? offset + 1 : 0}–{last} of {rowCount.toLocaleString("en-US")}
      </span>
      {offset > 0 && (
        <a href={href({ limit: String(limit), offset: String(Math.max(offset - limit, 0)) })} className={linkClass}>
          Previous {limit}
        </a>
      )}
      {last < rowCount && (
        <a href={href({ limit: String(limit), offset: String(last) })} className={linkClass}>
          Next {Math.min(limit, rowCount - last)}
        </a>
      )}
      <a href={href({ limit: "" })} className={linkClass}>
        Show all {rowCount.toLocaleString("en-US")}
      </a>
    </nav>
  );
}
