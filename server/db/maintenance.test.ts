import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from "../test/test-database";
import { maintainDatabase, tablesDueForAutovacuum } from "./maintenance";
import { rowsOf } from "./rows";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const lastAnalyzed = async (table: string) =>
  rowsOf<{ at: Date | string | null }>(await database.db.execute(sql`select coalesce(last_analyze, last_autoanalyze) as at from pg_stat_user_tables where relname = ${table}`))[0]?.at ?? null;

it.skipIf(Boolean(testDatabaseUrl))("gives PGlite's planner statistics, which it never gathers by itself, and leaves fresh ones alone", async () => {
  expect(await lastAnalyzed("products")).toBeNull();
  await maintainDatabase(database);
  const first = await lastAnalyzed("products");
  expect(first).not.toBeNull();
  const [stats] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from pg_stats where tablename = 'products'`));
  expect(stats!.n).toBeGreaterThan(0);
  // Statistics minutes old are kept: the whole-database pass runs when they are an hour old.
  await maintainDatabase(database);
  expect(await lastAnalyzed("products")).toEqual(first);
});

it.runIf(Boolean(testDatabaseUrl))("stands in for PostgreSQL's autovacuum where it is off, with autovacuum's own thresholds", async () => {
  // 400 carts written and deleted on a connection of its own, whose counts are flushed to the server's statistics.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query("insert into carts (token_hash) select 'maintenance-' || g from generate_series(1, 400) g");
    await client.query("delete from carts where token_hash like 'maintenance-%'");
    await client.query("select pg_stat_force_next_flush()");
    await client.query("select 1");
  } finally {
    await client.end();
  }
  const [{ on }] = rowsOf<{ on: boolean }>(await database.db.execute(sql`select current_setting('autovacuum')::bool as on`)) as [{ on: boolean }];
  const due = () => tablesDueForAutovacuum(database.db);
  if (on) {
    // The server's own autovacuum does it: nothing is ever due, and the maintenance does nothing.
    expect(await due()).toEqual([]);
    return;
  }
  await expect.poll(due, { timeout: 15_000 }).toContainEqual({ name: "public.carts", vacuum: true });
  await maintainDatabase(database);
  expect(await lastAnalyzed("carts")).not.toBeNull();
  expect((await due()).map((t) => t.name)).not.toContain("public.carts");
});
