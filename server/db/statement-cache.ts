import { createHash } from "node:crypto";
import type pg from "pg";

/** Uses of one statement text, across the pool, before its connections prepare it. */
export const PREPARE_AFTER = 3;
/** Statements one connection prepares at most: PostgreSQL keeps each one's parse tree and plan in that backend. */
export const STATEMENTS_PER_CONNECTION = 250;
/** Texts whose uses are counted; past it the count starts over (only texts that keep coming back get prepared). */
const COUNTED_TEXTS = 5000;

const uses = new Map<string, number>();
const names = new Map<string, string>();

/**
 * Makes a pooled connection run the store's repeated statements as named prepared statements (decision 0046): after
 * PREPARE_AFTER uses of a text anywhere in the pool, each connection parses it once and then only binds and executes
 * it, and PostgreSQL plans it once (a generic plan, when it costs no more than planning each time). Planning was half
 * of PostgreSQL's time in a checkout's 30 statements; drizzle's queries, unlike `queryPrepared`'s, are otherwise
 * unnamed and parsed and planned at every call. pgJDBC does the same by default (prepareThreshold 5, a cache of 256).
 *
 * Bounded: a connection prepares at most STATEMENTS_PER_CONNECTION and runs the rest unnamed, and the pool replaces
 * its connections every half hour (openDatabase), so what they hold follows what the store runs now. Statements with
 * a name already (`queryPrepared`), plain-text ones (BEGIN, COMMIT) and cursors pass through as they are.
 */
export function cacheStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
  const prepared = new Set<string>();
  client.query = ((config: unknown, ...rest: unknown[]) => query(named(config, prepared), ...rest)) as typeof client.query;
}

function named(config: unknown, prepared: Set<string>): unknown {
  if (typeof config !== "object" || config === null) return config;
  const { text, name, submit } = config as { text?: unknown; name?: unknown; submit?: unknown };
  if (typeof text !== "string" || name !== undefined || submit !== undefined) return config;
  const statement = statementName(text, prepared);
  return statement ? { ...config, name: statement } : config;
}

/**
 * The name a connection runs this text under, once it is run often enough and while the connection has room for it
 * (`prepared`: the names it has, added to here); undefined to run it unnamed. The embedded database's thread asks
 * the same (server/db/pglite-thread.ts).
 */
export function statementName(text: string, prepared: Set<string>): string | undefined {
  const statement = hotStatementName(text);
  if (!statement) return undefined;
  if (!prepared.has(statement)) {
    if (prepared.size >= STATEMENTS_PER_CONNECTION) return undefined;
    prepared.add(statement);
  }
  return statement;
}

/** The statement's name once its text has been run PREPARE_AFTER times; undefined until then. */
function hotStatementName(text: string): string | undefined {
  const name = names.get(text);
  if (name) return name;
  const count = (uses.get(text) ?? 0) + 1;
  if (count < PREPARE_AFTER) {
    if (uses.size >= COUNTED_TEXTS) uses.clear();
    uses.set(text, count);
    return undefined;
  }
  uses.delete(text);
  // Every connection's names come from here: past this many, texts are inlining values and stay unnamed.
  if (names.size >= COUNTED_TEXTS) return undefined;
  const made = `a_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
  names.set(text, made);
  return made;
}
