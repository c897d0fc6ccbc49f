import { FIT_LABELS, FITS, fitHeadline } from "../../../shared/reviews";
import type { ReviewSummary } from "../../../server/reviews/review-types";
import { cn } from "~/lib/cn";
import { Stars } from "~/components/product/stars";

/** Average, count, the 5-to-1 histogram (each bar filters the list) and what buyers say of the fit. */
export function ReviewSummaryPanel({ summary, rating, onRating }: { summary: ReviewSummary; rating: number | undefined; onRating: (stars: number | undefined) => void }) {
  if (summary.count === 0) return <p className="text-ink-muted">No reviews yet. Buyers can review this piece once their order has been delivered.</p>;
  return (
    <div className="space-y-6">
      <div className="flex items-center gap-4">
        <p className="font-display text-5xl font-black leading-none">{summary.average.toFixed(1)}</p>
        <div>
          <Stars rating={summary.average} className="h-5" />
          <p className="mt-1 text-sm text-ink-muted">
            Based on {summary.count} {summary.count === 1 ? "review" : "reviews"}
          </p>
        </div>
      </div>
      <ul className="space-y-1.5" aria-label="Reviews by star rating">
        {summary.histogram.map(({ stars, count }) => {
          const share = summary.count ? Math.round((count / summary.count) * 100) : 0;
          const active = rating === stars;
          return (
            <li key={stars}>
              <button
                type="button"
                disabled={count === 0}
                aria-pressed={active}
                onClick={() => onRating(active ? undefined : stars)}
                className={cn("grid w-full grid-cols-[3.5rem_1fr_2.5rem] items-center gap-3 rounded-lg px-1.5 py-1 text-sm transition enabled:hover:bg-surface-muted disabled:opacity-60", active && "bg-surface-muted font-semibold")}
              >
                <span className="text-left">
                  {stars} {stars === 1 ? "star" : "stars"}
                </span>
                <span className="h-2 overflow-hidden rounded-full bg-line" aria-hidden="true">
                  <span className="block h-full rounded-full bg-amber-400" style={{ width: `${share}%` }} />
                </span>
                <span className="text-right tabular-nums text-ink-muted">
                  {count}
                  <span className="sr-only"> reviews, {share}%</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {summary.fit.total > 0 && (
        <div className="space-y-2">
          <h3 className="text-sm font-semibold">{summary.fit.verdict ? fitHeadline(summary.fit.verdict) : "How it fits"}</h3>
          <ul className="grid grid-cols-3 gap-1.5 text-center text-xs" aria-label={`Fit, from ${summary.fit.total} buyers`}>
            {FITS.map((fit) => (
              <li key={fit} className={cn("rounded-lg px-1 py-2", summary.fit.verdict === fit ? "bg-ink text-surface" : "bg-surface-muted")}>
                <span className="block font-semibold">{FIT_LABELS[fit]}</span>
                <span className="tabular-nums">{summary.fit[fit]}</span>
              </li>
            ))}
          </ul>
          <p className="text-xs text-ink-muted">From {summary.fit.total} buyers who told us how it fits.</p>
        </div>
      )}
    </div>
  );
}
