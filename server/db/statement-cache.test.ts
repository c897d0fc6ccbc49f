import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from "../test/test-database";
import { eq } from "drizzle-orm";
import { rowsOf } from "./rows";
import { products } from "./schema";
import { PREPARE_AFTER, STATEMENTS_PER_CONNECTION } from "./statement-cache";

// The pool's connections prepare statements on PostgreSQL; PGlite's one connection is left as it is.
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

type Tx = Parameters<Parameters<TestDatabase["db"]["transaction"]>[0]>[0];
/** The statements this transaction's connection has prepared, by their text. */
const preparedTexts = async (tx: Tx) => rowsOf<{ statement: string }>(await tx.execute(sql`select statement from pg_prepared_statements where name like 'a\_%'`)).map((r) => r.statement);

it.runIf(Boolean(testDatabaseUrl))("prepares a drizzle query once it comes back, and answers what the unprepared one did", async () => {
  await database.db.transaction(async (tx) => {
    // A text no other test runs: its uses start at zero.
    const read = (id: number) => tx.select({ id: products.id, name: products.name, cached: sql<number>`${id} + 0`.as("prepared_once_test") }).from(products).where(eq(products.id, id));
    const first = await read(2);
    expect(first).toEqual([{ id: 2, name: expect.any(String), cached: 2 }]);
    for (let i = 1; i < PREPARE_AFTER - 1; i++) await read(2);
    expect((await preparedTexts(tx)).some((s) => s.includes("prepared_once_test"))).toBe(false);
    expect(await read(2)).toEqual(first);
    expect((await preparedTexts(tx)).filter((s) => s.includes("prepared_once_test"))).toHaveLength(1);
    // Bound again with other values, as a prepared statement.
    expect(await read(3)).toEqual([{ id: 3, name: expect.any(String), cached: 3 }]);
    expect(await read(999_999)).toEqual([]);
  });
});

it.runIf(Boolean(testDatabaseUrl))("keeps failing a statement that cannot be prepared with its own error, and the connection works on", async () => {
  for (let i = 0; i < PREPARE_AFTER + 2; i++) {
    await expect(database.db.execute(sql`select missing_column_for_statement_cache from products where id = ${i}`)).rejects.toMatchObject({ cause: { message: 'column "missing_column_for_statement_cache" does not exist' } });
  }
  // An error inside a transaction rolls it back; the statements prepared on its connection stay usable.
  const count = () => database.db.execute(sql`select count(*)::int as n from products where status = ${"active"} and id > ${0}`);
  for (let i = 0; i < PREPARE_AFTER + 1; i++) await count();
  await expect(
    database.db.transaction(async (tx) => {
      await tx.execute(sql`select count(*)::int as n from products where status = ${"active"} and id > ${0}`);
      await tx.execute(sql`select 1 / ${0}::int`);
    }),
  ).rejects.toMatchObject({ cause: { message: "division by zero" } });
  expect(rowsOf<{ n: number }>(await count())[0]!.n).toBeGreaterThan(0);
});

it.runIf(Boolean(testDatabaseUrl))(`prepares at most ${STATEMENTS_PER_CONNECTION} statements on one connection and runs the rest unnamed`, async () => {
  await database.db.transaction(async (tx) => {
    for (let n = 0; n < STATEMENTS_PER_CONNECTION + 20; n++) {
      for (let i = 0; i < PREPARE_AFTER; i++) {
        const rows = rowsOf<{ v: number }>(await tx.execute(sql`select ${i}::int + ${sql.raw(String(n))} as v, 'bounded_test' as tag`));
        expect(rows).toEqual([{ v: i + n, tag: "bounded_test" }]);
      }
    }
    const prepared = await preparedTexts(tx);
    expect(prepared.length).toBeLessThanOrEqual(STATEMENTS_PER_CONNECTION);
    expect(prepared.filter((s) => s.includes("bounded_test")).length).toBeGreaterThan(STATEMENTS_PER_CONNECTION - 30);
  });
});
