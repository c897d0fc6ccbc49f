import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrationsDir } from "../paths";
import type { DatabaseHandle } from "./client";


/** Applies the committed SQL migrations in drizzle/ (each once, in order). */
export async function migrateDatabase({ db, driver }: DatabaseHandle): Promise<void> {
  const migrate = driver === "pglite" ? migratePglite : migratePg;
  await migrate(db as never, { migrationsFolder: migrationsDir });
}
