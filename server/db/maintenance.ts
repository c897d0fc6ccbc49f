import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "./client";

/**
 * PGlite runs PostgreSQL in one process without the autovacuum daemon: by itself it never reclaims the rows that
 * updates and deletes leave behind (carts change all day), never marks pages all-visible for index-only scans, and
 * never analyses tables, so it plans every query from default guesses. The store does that work at start and then
 * hourly (the `maintain-database` job, server/jobs/job-list.ts). PostgreSQL's autovacuum does it on its own.
 */
export async function maintainDatabase({ db, driver }: DatabaseHandle): Promise<void> {
  if (driver === "pglite") await db.execute(sql`vacuum (analyze)`);
}
