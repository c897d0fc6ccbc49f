import { mkdirSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { PgliteThread } from "./pglite-thread";
import { preparePgliteStatements, preparePoolStatements } from "./prepared";
import { cacheStatements } from "./statement-cache";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  /** The embedded database itself (PGlite only, in its own thread), for the job queue that shares its one connection. */
  pglite?: PgliteThread;
  /** The connection string (PostgreSQL only), for what opens its own connections (the job queue, the change feed). */
  url?: string;
  /** Closes the connection; PGlite must be closed cleanly or it runs crash recovery on the next start. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; wins over dataDir. */
  url?: string;
  /** PGlite directory, or "memory://" for an in-memory database. */
  dataDir?: string;
  poolSize?: number;
  /** PGlite only: starts from this data-directory dump (dumpDataDir) instead of an empty database (tests). */
  image?: Blob;
  /** PGlite only: a started thread whose database is open (tests reuse one thread across files), instead of a new one. */
  thread?: PgliteThread;
}

/**
 * PGlite's WebAssembly memory only ever grows, and PostgreSQL's default 128 MB of shared buffers is most of it (189 MB
 * of WebAssembly memory at start against 128 MB, the smallest PGlite starts with). The store's database is tens of MB
 * and the files PGlite reads are in the OS's page cache, so 32 MB of buffers costs no measurable speed (decision 0035).
 */
const PGLITE_SETTINGS = ["-c", "shared_buffers=32MB"];

export async function openDatabase({ url, dataDir = "memory://", poolSize = 10, image, thread }: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (url) {
    // A database that does not answer fails a request within seconds instead of holding it (decision 0027).
    // Connections are replaced every half hour, and with them the statements each prepared (decision 0046).
    const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 3000, maxLifetimeSeconds: 1800 });
    // An idle client that errors (server restart) must not crash the process.
    pool.on("error", () => {});
    pool.on("connect", cacheStatements);
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    preparePoolStatements(db, pool);
    return {
      db,
      driver: "postgres",
      url,
      close: () => pool.end(),
    };
  }
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  // In a thread of its own, with pg_trgm (the search's typo correction, decision 0038) (decision 0042).
  const client = thread ?? (await PgliteThread.start({ dataDir, settings: PGLITE_SETTINGS, image }));
  // drizzle asks of its client only what PgliteThread answers: query and transaction.
  const db = drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Database;
  preparePgliteStatements(db, client);
  return {
    db,
    driver: "pglite",
    pglite: client,
    close: () => client.close(),
  };
}
