import { types } from "@electric-sql/pglite";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PgliteThread } from "./pglite-thread";

describe("PGlite in its own thread (decision 0042)", () => {
  // One thread for the file (each start compiles PGlite and runs initdb: seconds on the CI machine); each test gets
  // its own table.
  let thread: PgliteThread;
  beforeAll(async () => {
    thread = await PgliteThread.start({ dataDir: "memory://", settings: ["-c", "shared_buffers=32MB"] });
  });
  afterAll(() => thread.close());
  beforeEach(async () => {
    await thread.exec("drop table if exists items; create table items (id int primary key, name text not null, added timestamptz not null default now())");
  });

  it("answers rows parsed as PGlite parses them, and the types asked for as text as sent", async () => {
    await thread.query("insert into items (id, name, added) values ($1, $2, $3)", [1, "tee", "2026-01-02T03:04:05Z"]);
    const parsed = await thread.query<{ id: number; name: string; added: Date }>("select id, name, added from items");
    expect(parsed.rows).toEqual([{ id: 1, name: "tee", added: new Date("2026-01-02T03:04:05Z") }]);
    expect(parsed.fields.map((f) => f.name)).toEqual(["id", "name", "added"]);
    const asText = await thread.query("select id, added from items", [], { rowMode: "array", parsers: { [types.TIMESTAMPTZ]: (value) => value } });
    expect(asText.rows).toEqual([[1, "2026-01-02 03:04:05+00"]]);
    expect((await thread.exec("update items set name = 'hoodie'; select name from items"))[1]?.rows).toEqual([{ name: "hoodie" }]);
  });

  it("refuses a parser that is not the text as sent, since a function can't cross to the thread", async () => {
    await expect(thread.query("select now()", [], { parsers: { [types.TIMESTAMPTZ]: (value) => new Date(value) } })).rejects.toThrow(/Only text parsers/);
  });

  it("gives a database error its fields (code, constraint, detail), as the callers read them", async () => {
    await thread.query("insert into items (id, name) values (1, 'tee')");
    const error = await thread.query("insert into items (id, name) values (1, 'tee')").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: "23505", constraint: "items_pkey", message: expect.stringMatching(/duplicate key/) });
  });

  it("runs nothing else inside a transaction: a statement sent meanwhile waits for its end", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = thread.transaction(async (tx) => {
      await tx.query("insert into items (id, name) values (1, 'tee')");
      await held;
      await tx.query("insert into items (id, name) values (2, 'cap')");
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = thread.query<{ n: number }>("select count(*)::int as n from items");
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ n: 2 }]);
  });

  it("answers statements sent together, without waiting for each other, each with its own rows and parsers", async () => {
    await thread.query("insert into items (id, name, added) values (1, 'tee', '2026-01-02T03:04:05Z')");
    const answers = Array.from({ length: 30 }, (_, i) =>
      i % 2 ? thread.query("select $1::int as n, added from items", [i], { parsers: { [types.TIMESTAMPTZ]: (value) => value } }) : thread.query("select $1::int as n, added from items", [i]),
    );
    const rows = (await Promise.all(answers)).map((answer) => answer.rows[0] as { n: number; added: unknown });
    expect(rows.map((row) => row.n)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(rows.map((row) => typeof row.added)).toEqual(Array.from({ length: 30 }, (_, i) => (i % 2 ? "string" : "object")));
  });

  it("keeps a statement run often parsed, with the same answers, errors and parsers, and parses it again after its table changed", async () => {
    await thread.query("insert into items (id, name, added) values (1, 'tee', '2026-01-02T03:04:05Z'), (2, 'cap', '2026-01-02T03:04:05Z')");
    const text = "select * from items where id = $1 or name = $2 order by id";
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await thread.query(text, [1, "cap"])).rows);
    expect(answers).toEqual(Array.from({ length: 5 }, () => [{ id: 1, name: "tee", added: new Date("2026-01-02T03:04:05Z") }, { id: 2, name: "cap", added: new Date("2026-01-02T03:04:05Z") }]));
    const kept = (await thread.query<{ name: string }>("select name from pg_prepared_statements where statement = $1", [text])).rows;
    expect(kept).toHaveLength(1);
    expect((await thread.query(text, [2, null], { rowMode: "array", parsers: { [types.TIMESTAMPTZ]: (value) => value } })).rows).toEqual([[2, "cap", "2026-01-02 03:04:05+00"]]);
    const insert = "insert into items (id, name) values ($1, $2) returning id";
    for (let i = 3; i < 7; i++) expect((await thread.query(insert, [i, `n${i}`])).affectedRows).toBe(1);
    await expect(thread.query(insert, [3, "again"])).rejects.toMatchObject({ code: "23505", constraint: "items_pkey" });
    await thread.exec("alter table items add column note text");
    await expect(thread.query(text, [1, "cap"])).rejects.toMatchObject({ code: "0A000" });
    expect((await thread.query(text, [1, "cap"])).rows).toEqual([expect.objectContaining({ id: 1, note: null }), expect.objectContaining({ id: 2, note: null })]);
  });

  it("runs a backup's exclusive section only once the statements sent before it are answered", async () => {
    const sent = performance.now();
    const slow = thread.query("select pg_sleep(0.3)");
    const waited = await thread.runExclusive(async () => performance.now() - sent);
    await slow;
    expect(waited).toBeGreaterThanOrEqual(290);
  });

  it("keeps a transaction's statements in it when its first one could not be sent", async () => {
    await expect(
      thread.transaction(async (tx) => {
        await expect(tx.query("select $1", [() => 1])).rejects.toThrow();
        await tx.query("insert into items (id, name) values (1, 'tee')");
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    expect((await thread.query("select count(*)::int as n from items")).rows).toEqual([{ n: 0 }]);
  });

  it("rolls back a transaction whose first statement fails, and sends nothing for one without statements", async () => {
    await expect(thread.transaction((tx) => tx.query("insert into items (id) values (1)"))).rejects.toMatchObject({ code: "23502" });
    expect(await thread.transaction(async () => "nothing")).toBe("nothing");
    await thread.transaction((tx) => tx.query("insert into items (id, name) values (1, 'tee')"));
    expect((await thread.query("select name from items")).rows).toEqual([{ name: "tee" }]);
  });

  it("rolls back a transaction that throws, and the connection is usable after", async () => {
    await expect(
      thread.transaction(async (tx) => {
        await tx.query("insert into items (id, name) values (1, 'tee')");
        await tx.query("insert into items (id, name) values (1, 'tee')");
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect((await thread.query("select count(*)::int as n from items")).rows).toEqual([{ n: 0 }]);
  });

  it("runs a named prepared statement once parsed, with its parameters", async () => {
    await thread.query("insert into items (id, name) values (1, 'tee'), (2, 'cap')");
    const text = "select name from items where id = $1";
    expect(await thread.prepared("s_items_by_id", text, ["2"])).toEqual([{ name: "cap" }]);
    expect(await thread.prepared("s_items_by_id", text, ["1"])).toEqual([{ name: "tee" }]);
  });

  it("dumps its data directory, and a new thread starts from that dump", async () => {
    await thread.query("insert into items (id, name) values (7, 'kept')");
    const dump = await thread.dumpDataDir("none");
    const copy = await PgliteThread.start({ dataDir: "memory://", settings: [], image: dump });
    try {
      expect((await copy.query("select id, name from items")).rows).toEqual([{ id: 7, name: "kept" }]);
    } finally {
      await copy.close();
    }
  });

  it("reports its WebAssembly memory, and a closed thread refuses further calls", async () => {
    expect(thread.wasmMemoryBytes()).toBe(128 * 1024 * 1024);
    const other = await PgliteThread.start({ dataDir: "memory://", settings: [] });
    await other.close();
    await expect(other.query("select 1")).rejects.toThrow(/thread stopped/);
  });
});
