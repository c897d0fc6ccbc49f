import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from "../test/test-database";
import { maintainDatabase } from "./maintenance";
import { rowsOf } from "./rows";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const lastAnalyzed = async () =>
  rowsOf<{ at: Date | string | null }>(await database.db.execute(sql`select coalesce(last_analyze, last_autoanalyze) as at from pg_stat_user_tables where relname = 'products'`))[0]?.at ?? null;

it.skipIf(Boolean(testDatabaseUrl))("gives PGlite's planner statistics, which it never gathers by itself", async () => {
  expect(await lastAnalyzed()).toBeNull();
  await maintainDatabase(database);
  expect(await lastAnalyzed()).not.toBeNull();
  const [stats] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from pg_stats where tablename = 'products'`));
  expect(stats!.n).toBeGreaterThan(0);
});

it("runs on either database without failing (PostgreSQL is left to its autovacuum)", async () => {
  await expect(maintainDatabase(database)).resolves.toBeUndefined();
});
