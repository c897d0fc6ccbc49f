import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/client";
import type { PgliteThread } from "../db/pglite-thread";
import { migrateDatabase } from "../db/migrate";
import { seedDrops } from "../drops/seed-drops";
import { databaseUrl } from "./db-image";

/** Which engine the database tests run on: PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

export interface TestDatabase extends DatabaseHandle {
  /** This database's connection string on PostgreSQL, for app processes a test starts; undefined on PGlite. */
  url?: string;
}

/** The PGlite image's bytes, read once per worker and shared by the files that run there. */
let pgliteImage: Promise<ArrayBuffer> | undefined;
/**
 * A PGlite thread whose last file closed its database: the next file opens its copy in it. Starting a thread (Node's
 * own start-up, PGlite's code and WebAssembly loaded again) cost about as much CPU as loading the database.
 */
let spareThread: PgliteThread | undefined;

/**
 * A fresh database for one test file: a copy of the run's migrated and seeded image (server/test/db-image.ts) with
 * the drop's dates seeded from today, or with `seed: false` migrated but empty. On PostgreSQL each call creates its
 * own database (dropped by close), so test files never share state.
 */
export async function createTestDatabase({ seed = true } = {}): Promise<TestDatabase> {
  const image = inject("testDatabaseImage");
  if (!testDatabaseUrl) {
    pgliteImage ??= readFile(image).then((bytes) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    if (!seed) return prepare(await openDatabase({ dataDir: "memory://" }), seed);
    const blob = new Blob([await pgliteImage]);
    let thread = spareThread;
    spareThread = undefined;
    // A thread a test stopped can't open another database: a new one then.
    if (thread) await thread.reopen(blob).catch(() => (thread = undefined));
    const handle = await openDatabase({ image: blob, thread });
    const reused = handle.pglite!;
    let closed = false;
    return {
      ...(await prepare(handle, seed)),
      close: async () => {
        if (closed) return;
        closed = true;
        await reused.closeDatabase();
        if (spareThread) await reused.close();
        else spareThread = reused;
      },
    };
  }
  const name = `store_test_${randomBytes(6).toString("hex")}`;
  await withAdmin(async (client) => {
    await client.query(seed ? `create database ${name} template ${image}` : `create database ${name}`);
    // A test database outlives no crash: commits need not wait for the disk (only the server's own crash could lose them).
    await client.query(`alter database ${name} set synchronous_commit to off`);
  });
  const url = databaseUrl(testDatabaseUrl, name);
  const handle = await openDatabase({ url, poolSize: 4 });
  const prepared = await prepare(handle, seed);
  return {
    ...prepared,
    url,
    close: async () => {
      await handle.close();
      await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function prepare(handle: DatabaseHandle, seed: boolean): Promise<DatabaseHandle> {
  if (seed) await seedDrops(handle.db, new Date());
  else await migrateDatabase(handle);
  return handle;
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
