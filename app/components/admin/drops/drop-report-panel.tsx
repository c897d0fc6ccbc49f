import { Download } from "lucide-react";
import type { DropReport } from "../../../../server/drops/drop-report";
import { StatGrid } from "~/components/admin/admin-shell";
import { DropSizeTable } from "~/components/admin/drops/drop-size-table";
import { smallButtonClass } from "~/components/admin/staff-form-kit";
import { formatPrice } from "~/lib/money";
import { utcLabel } from "~/lib/utc-time";

/** Minutes from the open, in words: a drop can sell out in early access, before it opens. */
export function whenInMinutes(minutes: number): string {
  const count = (n: number) => (n === 1 ? "1 minute" : `${n} minutes`);
  if (minutes < 0) return `${count(-minutes)} before the open, in early access`;
  return minutes === 0 ? "within a minute of the open" : `${count(minutes)} after the open`;
}

/** After the drop: what it came to, by size, with early access, the waitlist and refunds, and the CSV of its sizes. */
export function DropReportPanel({ report }: { report: DropReport }) {
  const { earlyAccess } = report;
  const soldOut = report.soldOutAt ? `Sold out ${utcLabel(report.soldOutAt)}, ${whenInMinutes(report.minutesToSellOut!)}` : "Some sizes were left";
  return (
    <section aria-labelledby="drop-report-title" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="drop-report-title" className="font-display text-2xl font-bold">
            Report
          </h2>
          <p className="text-sm text-ink-muted">{soldOut}.</p>
        </div>
        <a href={`/api/admin/drops/${report.id}/report.csv`} download className={smallButtonClass}>
          <Download aria-hidden="true" className="size-4" /> Download CSV<span className="sr-only"> of sales by product and size</span>
        </a>
      </div>
      {/* The line, carts and checkouts are gone once it has closed: what it came to is what counts. */}
      <StatGrid
        className="grid-cols-2 lg:grid-cols-4"
        stats={[
          ["Paid orders", report.paidOrders],
          ["Units sold", report.unitsSold],
          ["Sell-through", `${report.sellThroughPercent}%`],
          ["Revenue", formatPrice(report.revenueCents / 100)],
          ["Early-access links sent", earlyAccess.invitationsSent],
          ["Early-access links used", earlyAccess.invitationsUsed],
          ["Early access that bought", `${earlyAccess.buyers} (${earlyAccess.conversionPercent}%)`],
          ["Waitlist sign-ups", report.waitlistSignUps],
          ["Refunds", report.refunds.count],
          ["Refunded", formatPrice(report.refunds.amountCents / 100)],
        ]}
      />
      <DropSizeTable sizes={report.sizes} minutes />
    </section>
  );
}
