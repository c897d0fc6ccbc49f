import { addDays, addMonths, addYears, daysBetween, weekdayOf } from "../../shared/calendar-days";
import { AppError } from "../errors";

/**
 * A report's period: whole calendar days ("2026-03-01") in the store's time zone, both ends included (issue 52).
 * The zone only matters in SQL, where a day's bounds become instants.
 */
export interface Period {
  from: string;
  to: string;
}
export type GroupBy = "day" | "week" | "month";
export type Compare = "previous" | "year";

const MAX_YEARS = 5;

const badField = (field: "from" | "to", problem: string) => {
  const message = `${field}: ${problem}`;
  return new AppError("bad_request", `Invalid report: ${message}`, { errors: [{ field, message }] });
};

/** The period asked for, or the last 30 days up to today; a 400 naming the field when it runs backwards or past 5 years. */
export function resolvePeriod(query: { from?: string; to?: string }, today: string): Period {
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? addDays(to, -29);
  if (to < from) throw badField("to", `must be on or after from (${from})`);
  if (to >= addYears(from, MAX_YEARS)) throw badField("to", `the period can be at most ${MAX_YEARS} years (to before ${addYears(from, MAX_YEARS)})`);
  return { from, to };
}

/** The period to compare with: the as-long one just before, or the same dates a year earlier. */
export function comparePeriod({ from, to }: Period, compare: Compare): Period {
  if (compare === "year") return { from: addYears(from, -1), to: addYears(to, -1) };
  const days = daysBetween(from, to) + 1;
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

/** Where the group a day falls in starts: the day, its week's Monday (ISO weeks, as PostgreSQL's date_trunc), its month's 1st. */
export function groupStart(day: string, groupBy: GroupBy): string {
  if (groupBy === "day") return day;
  if (groupBy === "month") return `${day.slice(0, 7)}-01`;
  return addDays(day, -weekdayOf(day));
}

function nextGroup(start: string, groupBy: GroupBy): string {
  if (groupBy === "day") return addDays(start, 1);
  return groupBy === "week" ? addDays(start, 7) : addMonths(start, 1);
}

/**
 * Every group of the period, empty ones too, each with the group's start (`key`, as SQL names it) and the part of the
 * period it covers (a week or month cut by the period's ends starts or ends with it).
 */
export function periodGroups({ from, to }: Period, groupBy: GroupBy): { key: string; periodStart: string; periodEnd: string }[] {
  const groups = [];
  for (let key = groupStart(from, groupBy); key <= to; key = nextGroup(key, groupBy)) {
    const end = addDays(nextGroup(key, groupBy), -1);
    groups.push({ key, periodStart: key < from ? from : key, periodEnd: end > to ? to : end });
  }
  return groups;
}

/** A report's series for its period and, when asked, for the period it is compared with (every report's `compare`). */
export async function withCompare<S extends object>(period: Period, compare: Compare | undefined, series: (p: Period) => Promise<S>) {
  const current = await series(period);
  return { ...current, ...(compare ? { compare: { compare, ...(await series(comparePeriod(period, compare))) } } : {}) };
}
