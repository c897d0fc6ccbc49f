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

/** How long a day's zero-result counts are kept: staff see the last 30 days; a quarter leaves room to compare. */
export const MISSES_KEPT_DAYS = 90;

/** Deletes the counts of days older than `keepDays` (the hourly tidy-up), so the table stays small. Answers how many. */
export async function pruneMisses({ db, now, keepDays = MISSES_KEPT_DAYS }: { db: Database; now: Date; keepDays?: number }): Promise<number> {
  const oldestKept = new Date(now.getTime() - (keepDays - 1) * 86_400_000).toISOString().slice(0, 10);
  const gone = await db.delete(searchMisses).where(lt(searchMisses.day, oldestKept)).returning({ day: searchMisses.day });
  return gone.length;
}
