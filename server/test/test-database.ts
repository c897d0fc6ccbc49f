import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { seedCampaign } from "../campaign/campaign";
import { seedCatalog } from "../db/seed/seed-catalog";

/** Which engine the database tests run on: PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

export interface TestDatabase extends DatabaseHandle {
  /** This database's connection string on PostgreSQL, for app processes a test starts; undefined on PGlite. */
  url?: string;
}

/**
 * A fresh, migrated and seeded database for one test file. On PostgreSQL each call creates its own database
 * (dropped by close), so test files never share state.
 */
export async function createTestDatabase({ seed = true } = {}): Promise<TestDatabase> {
  if (!testDatabaseUrl) {
    const handle = await openDatabase({ dataDir: "memory://" });
    return prepare(handle, seed);
  }
  const name = `store_test_${randomBytes(6).toString("hex")}`;
  await withAdmin((client) => client.query(`create database ${name}`));
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 4 });
  const prepared = await prepare(handle, seed);
  return {
    ...prepared,
    url: url.toString(),
    close: async () => {
      await handle.close();
      await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function prepare(handle: DatabaseHandle, seed: boolean): Promise<DatabaseHandle> {
  await migrateDatabase(handle);
  if (seed) {
    await seedCatalog(handle.db);
    await seedCampaign(handle.db, new Date());
  }
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
