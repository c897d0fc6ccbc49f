import type { Campaign } from "../../../server/campaign/campaign-types";
import { hypeLabel, timeLeft, urgencyMessage } from "~/lib/countdown";
import { useNow } from "~/lib/use-now";

/** SPEC §4: the pre-order countdown to the campaign's real close time (DESIGN §7.1), its urgency line and the hype meter. */
export function Countdown({ campaign, serverNow }: { campaign: Campaign; serverNow: number }) {
  const now = useNow(serverNow);
  const left = timeLeft(new Date(campaign.preorderClosesAt), now);
  const hype = left.ended ? 100 : campaign.hypePercent;
  if (left.ended) {
    return (
      <div role="status" className="rounded-2xl border border-white/15 bg-white/5 p-5">
        <p className="text-xl font-bold">Pre-Order Period Ended!</p>
        <p className="mt-1 text-white/70">Stay tuned for the next exclusive drop</p>
        <HypeMeter percent={hype} />
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
      <p className="text-xs font-semibold uppercase tracking-[0.25em] text-white/70">Pre-order closes in</p>
      <div role="timer" aria-label={`${left.days} days, ${left.hours} hours and ${left.minutes} minutes left`} className="mt-3 grid grid-cols-4 gap-2">
        {units.map(([label, value]) => (
          <div key={label} className="rounded-xl bg-black/40 px-2 py-3 text-center">
            <span className="block font-display text-2xl font-black tabular-nums sm:text-3xl" data-unit={label.toLowerCase()}>
              {String(value).padStart(2, "0")}
            </span>
            <span className="text-[0.65rem] uppercase tracking-widest text-white/60">{label}</span>
          </div>
        ))}
      </div>
      <p className="mt-3 text-sm font-semibold text-brand-500">{urgencyMessage(left.totalDays)}</p>
      <HypeMeter percent={hype} />
    </div>
  );
}

function HypeMeter({ percent }: { percent: number }) {
  return (
    <div className="mt-4">
      <div className="flex justify-between text-xs font-semibold uppercase tracking-widest">
        <span>Hype meter</span>
        <span>
          {hypeLabel(percent)} {percent}%
        </span>
      </div>
      <div role="meter" aria-label="Share of the VSOP drop already pre-ordered" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="mt-2 h-2 overflow-hidden rounded-full bg-white/15">
        <div className="h-full rounded-full bg-gradient-to-r from-brand-500 to-red-500" style={{ width: `${Math.max(percent, 2)}%` }} />
      </div>
      <p className="mt-1 text-[0.7rem] text-white/60">Share of the limited run already pre-ordered.</p>
    </div>
  );
}
