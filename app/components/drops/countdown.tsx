import { hypeLabel, timeLeft, urgencyMessage } from "~/lib/countdown";

/**
 * SPEC §4's countdown to a drop's real next instant (DESIGN §7.1): its opening while announced, its close while open.
 * `now` comes from the page's one clock (useNow), so the countdown and the phase around it change in the same second.
 * Past the target it shows the SPEC's ended state. `collection` names the drop in the urgency line and the meter.
 */
export function Countdown({ label, target, now, collection, percent, urgency = true }: { label: string; target: string; now: Date; collection: string; percent: number; urgency?: boolean }) {
  const left = timeLeft(new Date(target), now);
  if (left.ended) {
    return (
      <div role="status" className="rounded-2xl border border-white/15 bg-white/5 p-5">
        <p className="text-xl font-bold">Pre-Order Period Ended!</p>
        <p className="mt-1 text-white/70">Stay tuned for the next exclusive drop</p>
        <HypeMeter percent={100} collection={collection} />
      </div>
    );
  }
  const units: [string, number][] = [
    ["Days", left.days],
    ["Hours", left.hours],
    ["Minutes", left.minutes],
    ["Seconds", left.seconds],
  ];
  return (
    <div className="rounded-2xl border border-white/15 bg-white/5 p-5">
      <p className="text-xs font-semibold uppercase tracking-[0.25em] text-white/70">{label}</p>
      {/* role=timer is not announced as it ticks; its label gives the time left to the minute when it is read. */}
      <div role="timer" aria-label={`${left.days} days, ${left.hours} hours and ${left.minutes} minutes left`} className="mt-3 grid grid-cols-4 gap-2">
        {units.map(([unit, value]) => (
          <div key={unit} className="rounded-xl bg-black/40 px-2 py-3 text-center">
            <span className="block font-display text-2xl font-black tabular-nums sm:text-3xl" data-unit={unit.toLowerCase()}>
              {String(value).padStart(2, "0")}
            </span>
            <span className="text-[0.65rem] uppercase tracking-widest text-white/70">{unit}</span>
          </div>
        ))}
      </div>
      {/* SPEC §4's urgency is about the pre-order period: not shown while counting down to the open. */}
      {urgency && <p className="mt-3 text-sm font-semibold text-brand-500">{urgencyMessage(left.totalDays, collection)}</p>}
      <HypeMeter percent={percent} collection={collection} />
    </div>
  );
}

/** The real share of the drop already pre-ordered (DESIGN §7.1), with SPEC §4's labels. */
function HypeMeter({ percent, collection }: { percent: number; collection: string }) {
  return (
    <div className="mt-4">
      <div className="flex justify-between text-xs font-semibold uppercase tracking-widest">
        <span>Hype meter</span>
        <span>
          {hypeLabel(percent)} {percent}%
        </span>
      </div>
      <div role="meter" aria-label={`Share of the ${collection} already pre-ordered`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="mt-2 h-2 overflow-hidden rounded-full bg-white/15">
        <div className="h-full rounded-full bg-gradient-to-r from-brand-500 to-red-500" style={{ width: `${Math.max(percent, 2)}%` }} />
      </div>
      <p className="mt-1 text-[0.7rem] text-white/70">Share of the limited run already pre-ordered.</p>
    </div>
  );
}
