import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { Database } from "./client";
import type { PgliteThread } from "./pglite-thread";
import { rowsOf } from "./rows";

type Executor = (name: string, text: string, params: unknown[]) => Promise<unknown[]>;

const executors = new WeakMap<Database, Executor>();
const dialect = new PgDialect();
/** Statement texts are fixed SQL with $n parameters; this many distinct ones means a caller inlines values. */
const MAX_STATEMENTS = 200;

/**
 * Rows of `query` run as a named prepared statement: PostgreSQL parses and plans it once per connection and then
 * only binds and executes it. Planning is most of the cost of a many-join statement, above all on PGlite, whose
 * planner runs in WebAssembly on the event loop (the cart query went from 1.4 ms to 0.2 ms of CPU). Rows come back
 * as the driver parses them, as from `db.execute`. On a transaction handle, or a database opened without an executor,
 * the query runs unprepared, in that transaction.
 */
export async function queryPrepared<T>(db: Database, query: SQL): Promise<T[]> {
  const executor = executors.get(db);
  if (!executor) return rowsOf<T>(await db.execute(query));
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await executor(statementName(text), text, params)) as T[];
}

const names = new Map<string, string>();
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    if (names.size >= MAX_STATEMENTS) throw new Error(`More than ${MAX_STATEMENTS} prepared statements: a query must inline values`);
    name = `s_${createHash("sha1").update(text).digest("hex").slice(0, 16)}`;
    names.set(text, name);
  }
  return name;
}

export function preparePoolStatements(db: Database, pool: pg.Pool): void {
  // node-postgres prepares a named statement on each pooled connection the first time that connection runs it.
  executors.set(db, async (name, text, values) => (await pool.query({ name, text, values: values as unknown[] })).rows);
}

/** PGlite, in its thread, parses once and then binds and executes (server/db/pglite-worker.ts). */
export function preparePgliteStatements(db: Database, client: PgliteThread): void {
  executors.set(db, (name, text, values) => client.prepared(name, text, values.map(toText)));
}

function toText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  if (value instanceof Date) return value.toISOString();
  throw new Error(`Unsupported prepared-statement parameter: ${typeof value}`);
}
