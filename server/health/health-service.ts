import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

/** What GET /api/health and /api/health/ready ask, and the stop that turns ready off (server/start-store.ts). */
export function createHealthService({ db, onStopping }: { db: Database; onStopping: () => void }) {
  let stopping = false;
  return {
    /** Throws when the database does not answer. */
    checkDatabase: async () => {
      await db.execute(sql`select 1`);
    },
    /** False from the moment the store starts stopping: GET /api/health/ready tells a balancer to stop sending. */
    ready: () => !stopping,
    markStopping: () => {
      stopping = true;
      onStopping();
    },
  };
}
