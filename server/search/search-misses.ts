import { desc, gte, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { searchMisses } from "../db/schema";

/**
 * Counts a search that found nothing, even after correction (issue 33): the normalised query and the day, nothing
 * about who searched. Queries longer than 100 characters are cut there.
 */
export async function countMiss({ db, query, now }: { db: Database; query: string; now: Date }): Promise<void> {
  const day = now.toISOString().slice(0, 10);
  await db
    .insert(searchMisses)
    .values({ query: query.slice(0, 100), day })
    .onConflictDoUpdate({ target: [searchMisses.query, searchMisses.day], set: { count: sql`${searchMisses.count} + 1` } });
}

export interface TopMiss {
  query: string;
  count: number;
  lastDay: string;
}

/** The most frequent zero-result queries of the last `days` days (today included), most searched first. */
export async function topMisses({ db, now, days = 30, limit = 50 }: { db: Database; now: Date; days?: number; limit?: number }): Promise<TopMiss[]> {
  const from = new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const total = sql<number>`sum(${searchMisses.count})::int`;
  return db
    .select({ query: searchMisses.query, count: total, lastDay: sql<string>`max(${searchMisses.day})::text` })
    .from(searchMisses)
    .where(gte(searchMisses.day, from))
    .groupBy(searchMisses.query)
    .orderBy(desc(total), searchMisses.query)
    .limit(limit);
}

/**
 * How long a day's zero-result counts are kept (issue 50): staff see the last 30 days; 13 months leave the same month
 * of last year whole, to compare a season with the one before.
 */
export const MISSES_KEPT_MONTHS = 13;

/**
 * Deletes the counts of days before the same day `keepMonths` calendar months ago (the hourly prune-search-misses job,
 * server/jobs/job-list.ts), so the table stays small. Answers how many rows went.
 */
export async function pruneMisses({ db, now, keepMonths = MISSES_KEPT_MONTHS }: { db: Database; now: Date; keepMonths?: number }): Promise<number> {
  const gone = await db.delete(searchMisses).where(lt(searchMisses.day, oldestKeptDay(now, keepMonths))).returning({ day: searchMisses.day });
  return gone.length;
}

/** "2026-11-25", 13 → "2025-10-25"; a day the month lacks becomes its last ("2027-03-31", 13 → "2026-02-28"). */
export function oldestKeptDay(now: Date, months: number): string {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
  const daysInMonth = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(now.getUTCDate(), daysInMonth));
  return first.toISOString().slice(0, 10);
}
