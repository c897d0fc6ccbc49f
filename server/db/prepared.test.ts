import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/test-database";
import { queryPrepared } from "./prepared";
import { rowsOf } from "./rows";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const productRow = (id: number) => sql`select id, name, price_cents as "priceCents", preorder from products where id = ${id}`;

it("answers the same rows as a plain query, run after run, with parameters", async () => {
  const plain = rowsOf(await database.db.execute(productRow(2)));
  for (let i = 0; i < 8; i++) expect(await queryPrepared(database.db, productRow(2))).toEqual(plain);
  expect(await queryPrepared(database.db, productRow(3))).toEqual(rowsOf(await database.db.execute(productRow(3))));
  expect(await queryPrepared(database.db, productRow(999_999))).toEqual([]);
});

it("passes text, numbers, booleans, nulls and dates as parameters", async () => {
  const at = new Date("2026-11-21T10:00:00.000Z");
  const [row] = await queryPrepared<Record<string, unknown>>(
    database.db,
    sql`select ${"a'b"}::text as t, ${41}::int + 1 as n, ${true}::boolean as b, ${null}::text as z, ${at}::timestamptz = '2026-11-21T10:00:00Z' as same`,
  );
  expect(row).toEqual({ t: "a'b", n: 42, b: true, z: null, same: true });
});

it("surfaces database errors and keeps working after one", async () => {
  await expect(queryPrepared(database.db, sql`select 1 / ${0}::int as boom`)).rejects.toThrow(/division by zero/);
  expect(await queryPrepared(database.db, productRow(2))).toHaveLength(1);
});

it("never runs inside another caller's open transaction", async () => {
  const count = sql`select count(*)::int as n from newsletter_subscribers`;
  const [{ n: before }] = (await queryPrepared<{ n: number }>(database.db, count)) as [{ n: number }];
  let read: Promise<{ n: number }[]> | undefined;
  await database.db
    .transaction(async (tx) => {
      await tx.execute(sql`insert into newsletter_subscribers (email, source) values ('tx@example.com', 'footer')`);
      read = queryPrepared<{ n: number }>(database.db, count);
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error("roll back");
    })
    .catch(() => {});
  expect(await read).toEqual([{ n: before }]);
});
