/** SPEC §4 countdown, urgency and hype thresholds, as pure functions of the time left. */
import { MONTHS } from "../../shared/long-dates";

export { dateTimeLong, shipDateLong } from "../../shared/long-dates";
export const DAY_MS = 86_400_000;

export interface TimeLeft {
  ended: boolean;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Fractional days left, for the thresholds. */
  totalDays: number;
}

export function timeLeft(closesAt: Date, now: Date): TimeLeft {
  const ms = Math.max(0, closesAt.getTime() - now.getTime());
  const seconds = Math.floor(ms / 1000);
  return {
    ended: ms === 0,
    days: Math.floor(seconds / 86_400),
    hours: Math.floor((seconds % 86_400) / 3600),
    minutes: Math.floor((seconds % 3600) / 60),
    seconds: seconds % 60,
    totalDays: ms / DAY_MS,
  };
}

/** SPEC §4's urgency line; `collection` names what is on pre-order (the drop's name: "VSOP collection" in the SPEC). */
export function urgencyMessage(totalDays: number, collection: string): string {
  if (totalDays <= 1) return "FINAL HOURS - Don't miss out!";
  if (totalDays <= 3) return `Only days left to secure your ${collection}!`;
  if (totalDays <= 7) return "Limited time remaining for exclusive pre-order!";
  return "Early bird pricing - Reserve your collection now!";
}

/** The hype meter's label for a percentage (the percentage itself is the real share pre-ordered: DESIGN §7.1). */
export function hypeLabel(percent: number): string {
  if (percent >= 95) return "INSANE HYPE!";
  if (percent >= 85) return "MASSIVE DEMAND!";
  if (percent >= 70) return "HIGH ENERGY!";
  if (percent >= 50) return "BUILDING UP!";
  if (percent >= 30) return "STEADY BUZZ!";
  return "EARLY BIRD!";
}


/**
 * "OCT 15" for buttons ("October 15, 2026" for sentences: shared/long-dates.ts), in UTC. Written out rather than with Intl.DateTimeFormat
 * (same text: countdown.test.ts compares them), whose first use loads ICU's calendar data during hydration.
 */
export function shipDateShort(date: Date): string {
  const month = MONTHS[date.getUTCMonth()];
  if (!month) return "";
  return `${month.slice(0, 3).toUpperCase()} ${date.getUTCDate()}`;
}
