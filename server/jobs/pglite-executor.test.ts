import { PGlite } from "@electric-sql/pglite";
import { fromPglite } from "pg-boss";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PgliteThread } from "../db/pglite-thread";
import { pgliteExecutor } from "./pglite-executor";

const failingBlock = "BEGIN; CREATE TABLE jobs_probe (id int); SELECT 1 / 0; COMMIT;";

// PGlite in this thread, as pg-boss's adapter was written for, and in its own thread, as the store runs it.
const opens: [string, () => Promise<PGlite>][] = [
  ["in this thread", async () => new PGlite()],
  ["in its own thread (decision 0042)", async () => (await PgliteThread.start({ dataDir: "memory://", settings: [] })) as unknown as PGlite],
];

describe.each(opens)("pg-boss on the store's one PGlite connection, %s", (_, open) => {
  // One database for the three tests (a PGlite start runs initdb: seconds on the CI machine). pg-boss's own adapter
  // leaves its failed block open, so each test ends by closing whatever transaction is left.
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = await open();
  });
  afterAll(() => pglite.close());
  afterEach(async () => {
    await pglite.exec("ROLLBACK");
  });

  it("pg-boss's own adapter lets a shopper's query run inside its failed block (the reason for the wrapper)", async () => {
    const adapter = fromPglite(pglite);
    const [block, shopper] = await Promise.allSettled([adapter.executeSql(failingBlock), pglite.query("select 1 as one")]);
    expect(block.status).toBe("rejected");
    expect(shopper.status).toBe("rejected");
    expect(String((shopper as PromiseRejectedResult).reason)).toMatch(/current transaction is aborted/);
  });

  it("a failed block rolls back before the next query runs: the shopper's query is answered", async () => {
    const executor = pgliteExecutor(pglite);
    const [block, shopper] = await Promise.allSettled([executor.executeSql(failingBlock), pglite.query<{ one: number }>("select 1 as one")]);
    expect(block.status).toBe("rejected");
    expect(shopper).toMatchObject({ status: "fulfilled", value: { rows: [{ one: 1 }] } });
    expect((await pglite.query("select to_regclass('jobs_probe') as t")).rows).toEqual([{ t: null }]);
  });

  it("a block that succeeds commits and returns the rows of its statements", async () => {
    const executor = pgliteExecutor(pglite);
    const result = await executor.executeSql("BEGIN; CREATE TABLE kept (id int); INSERT INTO kept VALUES (7) RETURNING id; COMMIT;");
    expect(result.rows).toEqual([{ id: 7 }]);
    expect((await pglite.query("select id from kept")).rows).toEqual([{ id: 7 }]);
    expect((await executor.executeSql("select $1::int as n", [3])).rows).toEqual([{ n: 3 }]);
  });
});
