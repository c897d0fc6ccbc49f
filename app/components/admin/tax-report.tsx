import { Download } from "lucide-react";
import { Form } from "react-router";
import { secondaryButtonClass } from "~/components/layout/status-screen";
import { formatPrice } from "~/lib/money";
import type { taxReport } from "../../../server/tax/tax-report";
import { tdClass, thClass } from "./admin-shell";
import { smallButtonClass, TextInput } from "./staff-form-kit";

type Report = Awaited<ReturnType<typeof taxReport>>;
const money = (cents: number) => formatPrice(cents / 100);
const monthName = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
const COLUMNS = ["Month", "Region", "Orders", "Taxable", "Tax collected", "Tax refunded", "Net taxable", "Net tax"] as const;

/**
 * Tax collected per region per month (issue 27): from the tax lines of paid orders, by the month of payment (UTC),
 * less what refunds gave back in the month they were made; the same numbers as a CSV for the accountant.
 */
export function TaxReport({ report }: { report: Report }) {
  const { rows, totals } = report;
  return (
    <section aria-labelledby="tax-report-title" className="rounded-2xl border border-line p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="tax-report-title" className="font-display text-xl font-bold">
            Tax collected
          </h2>
          <p className="mt-1 text-sm text-ink-muted">
            Paid orders by month of payment (UTC) and the address's state or country, {monthName(report.from)} to {monthName(report.to)}. A refund counts in the month it was made.
          </p>
        </div>
        <a href={`/api/admin/tax/report.csv?from=${report.from}&to=${report.to}`} download className={smallButtonClass}>
          <Download aria-hidden="true" className="size-4" />
          Download CSV
        </a>
      </div>
      <Form method="get" preventScrollReset aria-label="Report months" className="mt-4 flex flex-wrap items-end gap-3">
        <TextInput id="tax-report-from" name="from" type="month" label="From" defaultValue={report.from} />
        <TextInput id="tax-report-to" name="to" type="month" label="To" defaultValue={report.to} />
        <button type="submit" className={`${secondaryButtonClass} h-10`}>
          Show
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="mt-4 text-sm text-ink-muted">No tax was collected in these months.</p>
      ) : (
        <>
          <div className="mt-4 hidden overflow-hidden rounded-xl border border-line md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Tax collected per region per month</caption>
              <thead className="bg-surface-muted">
                <tr>
                  {COLUMNS.map((h, i) => (
                    <th key={h} scope="col" className={`${thClass} ${i > 1 ? "text-right" : ""}`}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-line tabular-nums">
                {rows.map((r) => (
                  <tr key={`${r.month}-${r.country}-${r.subdivision}`}>
                    <td className={tdClass}>{monthName(r.month)}</td>
                    <th scope="row" className={`${tdClass} font-medium`}>
                      {r.region}
                    </th>
                    <td className={`${tdClass} text-right`}>{r.orders}</td>
                    <td className={`${tdClass} text-right`}>{money(r.taxableCents)}</td>
                    <td className={`${tdClass} text-right`}>{money(r.taxCents)}</td>
                    <td className={`${tdClass} text-right`}>{money(r.refundedCents)}</td>
                    <td className={`${tdClass} text-right`}>{money(r.netTaxableCents)}</td>
                    <td className={`${tdClass} text-right font-semibold`}>{money(r.netCents)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t-2 border-line font-semibold tabular-nums">
                <tr>
                  <th scope="row" colSpan={3} className={tdClass}>
                    Total
                  </th>
                  <td className={`${tdClass} text-right`}>{money(totals.taxableCents)}</td>
                  <td className={`${tdClass} text-right`}>{money(totals.taxCents)}</td>
                  <td className={`${tdClass} text-right`}>{money(totals.refundedCents)}</td>
                  <td className={`${tdClass} text-right`}>{money(totals.netTaxableCents)}</td>
                  <td className={`${tdClass} text-right`}>{money(totals.netCents)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
          <ul aria-label="Tax collected per region per month" className="mt-4 divide-y divide-line rounded-xl border border-line md:hidden">
            {rows.map((r) => (
              <li key={`${r.month}-${r.country}-${r.subdivision}`} className="px-3 py-3 text-sm">
                <p className="font-semibold">
                  {r.region} · {monthName(r.month)}
                </p>
                <dl className="mt-1 grid grid-cols-2 gap-x-3 tabular-nums text-ink-muted">
                  <dt>Orders</dt>
                  <dd className="text-right text-ink">{r.orders}</dd>
                  <dt>Taxable</dt>
                  <dd className="text-right text-ink">{money(r.taxableCents)}</dd>
                  <dt>Tax collected</dt>
                  <dd className="text-right text-ink">{money(r.taxCents)}</dd>
                  <dt>Tax refunded</dt>
                  <dd className="text-right text-ink">{money(r.refundedCents)}</dd>
                  <dt>Net taxable</dt>
                  <dd className="text-right text-ink">{money(r.netTaxableCents)}</dd>
                  <dt>Net tax</dt>
                  <dd className="text-right font-semibold text-ink">{money(r.netCents)}</dd>
                </dl>
              </li>
            ))}
            <li className="px-3 py-3 text-sm font-semibold">Total net tax: {money(totals.netCents)}</li>
          </ul>
        </>
      )}
    </section>
  );
}
