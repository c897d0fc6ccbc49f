/**
 * Calendar days as "2026-03-01", for reports (issue 52). Arithmetic runs on UTC midnights, where every day has 24
 * hours; a store's time zone only decides which day "today" is (and, in SQL, where a day starts).
 */
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
const asDay = (d: Date) => d.toISOString().slice(0, 10);

export function addDays(day: string, n: number): string {
  const d = asDate(day);
  d.setUTCDate(d.getUTCDate() + n);
  return asDay(d);
}

/** The same date `n` months on, the day cut to the month's last (31 March less a month is 28 February). */
export function addMonths(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const lastOfMonth = new Date(Date.UTC(y, m - 1 + n + 1, 0)).getUTCDate();
  return asDay(new Date(Date.UTC(y, m - 1 + n, Math.min(d, lastOfMonth))));
}

/** The same date `n` years on; 29 February becomes the 28th in a year without one. */
export const addYears = (day: string, n: number) => addMonths(day, 12 * n);

export const daysBetween = (from: string, to: string) => Math.round((asDate(to).getTime() - asDate(from).getTime()) / 86_400_000);

/** Monday 0 … Sunday 6. */
export const weekdayOf = (day: string) => (asDate(day).getUTCDay() + 6) % 7;

/** Today's date where the store is. */
export function todayIn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** The report page's period presets, as Shopify's date picker offers them. */
export const REPORT_RANGES = {
  "last-7": "Last 7 days",
  "last-30": "Last 30 days",
  "last-90": "Last 90 days",
  "this-month": "This month",
  "last-month": "Last month",
  "this-year": "This year",
  custom: "Custom dates",
} as const;
export type ReportRange = keyof typeof REPORT_RANGES;

export const isReportRange = (v: unknown): v is ReportRange => typeof v === "string" && v in REPORT_RANGES;

/** A preset's first and last day (today included), or null for custom dates. */
export function rangeDates(range: ReportRange, today: string): { from: string; to: string } | null {
  const firstOfMonth = `${today.slice(0, 7)}-01`;
  switch (range) {
    case "last-7":
      return { from: addDays(today, -6), to: today };
    case "last-30":
      return { from: addDays(today, -29), to: today };
    case "last-90":
      return { from: addDays(today, -89), to: today };
    case "this-month":
      return { from: firstOfMonth, to: today };
    case "last-month":
      return { from: addMonths(firstOfMonth, -1), to: addDays(firstOfMonth, -1) };
    case "this-year":
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    default:
      return null;
  }
}
