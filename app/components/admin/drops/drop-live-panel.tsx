import { useEffect, useState } from "react";
import type { DropLive } from "../../../../server/drops/drop-live";
import { StatGrid } from "~/components/admin/admin-shell";
import { DropSizeTable } from "~/components/admin/drops/drop-size-table";
import { apiRequest } from "~/lib/api";
import { formatPrice } from "~/lib/money";

/** The live page asks again this often (issue 48: at most 5 s). */
export const LIVE_POLL_MS = 5_000;

const clock = (iso: string) => new Date(iso).toISOString().slice(11, 19);

/** Admissions a minute as bars, the last 30 minutes; the same figures in a table for screen readers. */
function AdmissionsChart({ minutes }: { minutes: DropLive["admissionsPerMinute"] }) {
  const max = Math.max(1, ...minutes.map((m) => m.admitted));
  return (
    <figure className="rounded-2xl border border-line p-4">
      <figcaption className="text-sm font-semibold">Let in from the line, each minute (last 30 minutes, UTC)</figcaption>
      <div aria-hidden="true" className="mt-3 flex h-24 items-end gap-0.5">
        {minutes.map((m) => (
          <div key={m.minute} title={`${clock(m.minute).slice(0, 5)}: ${m.admitted}`} className="flex-1 rounded-t bg-brand-500" style={{ height: `${Math.max(m.admitted > 0 ? 4 : 1, (m.admitted / max) * 100)}%` }} />
        ))}
      </div>
      <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-ink-muted">
        <span>{minutes[0] && clock(minutes[0].minute).slice(0, 5)}</span>
        <span>{minutes.at(-1) && clock(minutes.at(-1)!.minute).slice(0, 5)}</span>
      </div>
      <table className="sr-only">
        <tbody>
          {minutes.map((m) => (
            <tr key={m.minute}>
              <th>{clock(m.minute).slice(0, 5)} UTC</th>
              <td>{m.admitted} let in</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** The headline figures of a drop, live or after it. */
export function DropFigures({ figures }: { figures: DropLive }) {
  const lastMinute = figures.admissionsPerMinute.at(-1)?.admitted ?? 0;
  return (
    <div className="space-y-6">
      <StatGrid
        className="grid-cols-2 lg:grid-cols-4"
        stats={[
          ["Waiting in line", figures.lineLength],
          ["Let in this minute", lastMinute],
          ["Carts holding drop items", figures.cartsHoldingDropItems],
          ["Checkouts in progress", figures.checkoutsInProgress],
          ["Paid orders", figures.paidOrders],
          ["Units sold", figures.unitsSold],
          ["Sell-through", `${figures.sellThroughPercent}%`],
          ["Revenue", formatPrice(figures.revenueCents / 100)],
        ]}
      />
      <AdmissionsChart minutes={figures.admissionsPerMinute} />
    </div>
  );
}

/**
 * While a drop runs (early access or open): its figures, asked again every 5 s without reloading the page. A failed
 * poll keeps the last figures and says so; polling pauses while the tab is hidden and catches up when it shows.
 */
export function DropLivePanel({ dropId, initial, onPhase }: { dropId: number; initial: DropLive; onPhase?: (phase: DropLive["phase"]) => void }) {
  const [figures, setFigures] = useState(initial);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let stopped = false;
    const poll = async () => {
      if (document.hidden) return;
      try {
        const next = await apiRequest<DropLive>("GET", `/api/admin/drops/${dropId}/live`);
        if (stopped) return;
        setFigures(next);
        setFailed(false);
        // The page's phase badge follows the clock too (the drop opens while staff watch).
        onPhase?.(next.phase);
      } catch {
        if (!stopped) setFailed(true);
      }
    };
    const timer = setInterval(poll, LIVE_POLL_MS);
    document.addEventListener("visibilitychange", poll);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", poll);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one poll per drop; onPhase only sets the page's state
  }, [dropId]);
  return (
    <section aria-labelledby="drop-live-title" className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="drop-live-title" className="font-display text-2xl font-bold">
          Live
        </h2>
        <p className="text-sm text-ink-muted">
          {failed ? <span className="font-medium text-red-700 dark:text-red-400">Couldn't refresh: showing the figures of {clock(figures.at)} UTC.</span> : `Updated ${clock(figures.at)} UTC, every 5 seconds.`}
        </p>
      </div>
      <DropFigures figures={figures} />
      <DropSizeTable sizes={figures.sizes} />
    </section>
  );
}
