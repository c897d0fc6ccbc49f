import type { DropPhase, ProductDrop } from "../../../shared/drops";
import { dateTimeLong, timeLeft } from "~/lib/countdown";

const two = (n: number) => String(n).padStart(2, "0");

/**
 * What takes the place of Add to Cart and Buy Now while a drop's piece can't be bought by everyone (issue 48): before
 * the open, "Opens {date, time}" and the time left, ticking; after the close, "Pre-orders closed". The page's clock
 * (useNow) re-renders it each second and, at the opening instant, the page shows the buttons instead.
 */
export function DropGate({ drop, phase, now }: { drop: ProductDrop; phase: Exclude<DropPhase, "open">; now: Date }) {
  if (phase === "closed") {
    return (
      <p className="rounded-2xl border border-line bg-surface-muted p-5 font-semibold">
        Pre-orders closed <span className="block text-sm font-normal text-ink-muted">{`Pre-orders for ${drop.name} closed on ${dateTimeLong(new Date(drop.preorderClosesAt))}.`}</span>
      </p>
    );
  }
  const left = timeLeft(new Date(drop.opensAt), now);
  return (
    <div className="rounded-2xl border border-line bg-surface-muted p-5">
      <p className="font-semibold">{`Opens ${dateTimeLong(new Date(drop.opensAt))}`}</p>
      {/* Not read out as it ticks: its label gives the time left to the minute whenever it is reached. */}
      <p role="timer" aria-label={`Opens in ${left.days} days, ${left.hours} hours and ${left.minutes} minutes`} className="mt-1 font-display text-2xl font-black tabular-nums">
        {left.days > 0 && `${left.days}d `}
        {two(left.hours)}:{two(left.minutes)}:{two(left.seconds)}
      </p>
      <p className="mt-2 text-sm text-ink-muted">
        {phase === "early" ? "Early access is open to holders of an early-access link; everyone else can pre-order when it opens." : "Add to Cart and Buy Now appear here when it opens."}
      </p>
    </div>
  );
}
