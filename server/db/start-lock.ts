import pg from "pg";
import type { DatabaseHandle } from "./client";

/** One key for every store on the database: hashtext('store: migrations and seeding'). */
const LOCK = "select pg_advisory_lock(hashtext('store: migrations and seeding'))";
const TRY_LOCK = "select pg_try_advisory_lock(hashtext('store: migrations and seeding')) as locked";

/**
 * Runs `work` (migrations and first seeding) as the only store doing so on this PostgreSQL database: two machines
 * started together on an empty database would both find no migration applied and both create the same tables, and
 * one would fail (issue 53). A session advisory lock, on a connection of its own held for the whole of `work`: a
 * store that dies while holding it loses its connection, and with it the lock. The second store waits, then finds
 * everything done; so does `npm run db:migrate` (scripts/cli-kit.ts). `say` tells that it waits. PGlite has one process by construction (decision 0036), so it needs none.
 */
export async function withStartLock<T>(database: DatabaseHandle, say: (message: string) => void, work: () => Promise<T>): Promise<T> {
  if (database.driver !== "postgres" || !database.url) return work();
  const client = new pg.Client({ connectionString: database.url, connectionTimeoutMillis: 3000 });
  client.on("error", () => {});
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(TRY_LOCK);
    if (!rows[0]?.locked) {
      say("another process is preparing the database (migrations, first seeding): waiting for it");
      await client.query(LOCK);
    }
    return await work();
  } finally {
    // Ending the session releases the lock.
    await client.end().catch(() => {});
  }
}
