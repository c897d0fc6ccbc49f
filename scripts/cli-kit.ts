// What every command-line tool shares (decision 0036): one line for a user's mistake, never a stack trace; exit 0 for
// success, 1 for a refused input, 2 for bad usage; and a database that is prepared, and never a running store's.
import { basename } from "node:path";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { count } from "drizzle-orm";
import type { Config } from "../server/config";
import { type DatabaseHandle, openDatabase } from "../server/db/client";
import { migrateDatabase } from "../server/db/migrate";
import { withStartLock } from "../server/db/start-lock";
import { categories } from "../server/db/schema";
import { AppError } from "../server/errors";
import type { StoreLocation } from "../server/ops/backup";
import { describeHolder, holdControlSocket, runningStore } from "../server/ops/control-socket";
import { storeFromEnvironment } from "../server/ops/store-location";
import { upsertCategories } from "../server/seed/seed-catalog";

/** Bad usage: a wrong or missing option, or a wrong environment variable. Exit 2, with the usage line. */
export class UsageError extends Error {}
/** The input was understood and refused (a weak password, refused CSV lines, a running store). Exit 1. */
export class RefusedError extends Error {}

/** Runs a tool's body: a UsageError, RefusedError or AppError becomes one line on stderr and its exit code. */
export async function runTool(body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (err) {
    if (err instanceof UsageError) return fail(err.message, 2);
    if (err instanceof RefusedError || err instanceof AppError) return fail(err.message, 1);
    throw err; // a fault of the tool, not the user's: the stack trace helps whoever fixes it
  }
}

function fail(message: string, code: 1 | 2) {
  console.error(message);
  process.exitCode = code;
}

/** node:util's parseArgs, with an unknown option or a missing value as a UsageError naming the usage line. */
export function parseToolArgs<T extends ParseArgsConfig>(config: T, usage: string) {
  try {
    return parseArgs({ ...config, strict: true });
  } catch (err) {
    throw new UsageError(`${(err as Error).message.split("\n")[0]}\nUsage: ${usage}`);
  }
}

/** The configuration `npm start` reads (.env included); a wrong variable is bad usage. */
export function toolConfig(): { config: Config; dataDir: string; location: StoreLocation } {
  try {
    const { config, location } = storeFromEnvironment();
    return { config, dataDir: location.dataDir, location };
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

/**
 * Refuses when a store is running on this PGlite directory (its control socket answers): two PGlite processes on one
 * directory can corrupt it. With PostgreSQL several processes are fine.
 */
export async function refuseBesideRunningStore({ config, dataDir, instead }: { config: Config; dataDir: string; instead: string }): Promise<void> {
  if (config.DATABASE_URL) return;
  const holder = await runningStore(dataDir);
  if (!holder) return;
  if (holder.tool) throw new RefusedError(`${describeHolder(holder)} has ${dataDir} open: run this when it has finished.`);
  const where = holder.port ? `pid ${holder.pid}, port ${holder.port}` : `pid ${holder.pid}`;
  throw new RefusedError(`A store is running on ${dataDir} (${where}): stop it first, or ${instead}.`);
}

/**
 * Opens the tool's database after checking no store runs on it, applies the migrations, and with `collections` adds
 * the default collections to a store that has none (a store never started has none; staff-edited ones are kept).
 */
export async function openToolDatabase({ config, dataDir, instead, collections = false }: { config: Config; dataDir: string; instead: string; collections?: boolean }): Promise<DatabaseHandle> {
  await refuseBesideRunningStore({ config, dataDir, instead });
  // While the tool has the directory open it answers on the socket, so a store started meanwhile refuses.
  const hold = config.DATABASE_URL ? null : await holdControlSocket({ dataDir, tool: `npm run ${process.env.npm_lifecycle_event ?? basename(process.argv[1] ?? "tool")}` });
  const opened = await openDatabase({ url: config.DATABASE_URL, dataDir }).catch((err: unknown) => {
    hold?.close();
    throw err;
  });
  const handle: DatabaseHandle = { ...opened, close: () => opened.close().finally(() => hold?.close()) };
  try {
    // As a store starting: one at a time on a PostgreSQL database (server/db/start-lock.ts).
    await withStartLock(handle, (message) => console.log(message), () => migrateDatabase(handle));
    if (collections) {
      const [row] = await handle.db.select({ n: count() }).from(categories);
      if (!row?.n) await upsertCategories(handle.db);
    }
    return handle;
  } catch (err) {
    await handle.close();
    throw err;
  }
}
