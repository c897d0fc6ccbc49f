import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { PgliteThread } from "../db/pglite-thread";

const run = promisify(execFile);

/**
 * What of a PGlite directory is the database. DATA_DIR also holds the outbox, photos, backups and the control
 * socket, which must not end up inside a backup (a backup would then hold every earlier one).
 */
const DATABASE_ENTRY = /^(base|global|pg_[a-z_]+|PG_VERSION|postgresql(\.auto)?\.conf|pg_hba\.conf|pg_ident\.conf|postmaster\.opts)$/;

async function databaseEntries(dataDir: string): Promise<string[]> {
  const entries = (await readdir(dataDir)).filter((name) => DATABASE_ENTRY.test(name));
  if (!entries.includes("PG_VERSION")) throw new Error(`No store database in ${dataDir}`);
  return entries;
}

/** Packs the database files of `dir` into a gzipped tarball at `file`. */
async function pack(dir: string, entries: string[], file: string): Promise<void> {
  await run("tar", ["-czf", file, "-C", dir, "--", ...entries]);
}

/**
 * A consistent copy of a running PGlite's files: after a checkpoint, the files are copied while PGlite runs nothing
 * else (its exclusive lock), as a file-system snapshot would take them; opening the copy replays the WAL like a
 * restart after a power cut (PostgreSQL's "file system level backup" with an atomic snapshot). Shoppers' queries wait
 * for the copy (a second or so for a shop's database), not for the compression.
 */
export async function snapshotRunningPglite(pglite: PgliteThread, dataDir: string, file: string): Promise<void> {
  await pglite.exec("checkpoint");
  const copy = await mkdtemp(join(tmpdir(), "store-snapshot-"));
  try {
    const entries = await pglite.runExclusive(async () => {
      const names = await databaseEntries(dataDir);
      for (const name of names) await cp(join(dataDir, name), join(copy, name), { recursive: true });
      return names;
    });
    await pack(copy, entries, file);
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

/** The same, of a PGlite directory no process has open (after a clean stop, the files are the database). */
export async function snapshotStoppedPglite(dataDir: string, file: string): Promise<void> {
  await pack(dataDir, await databaseEntries(dataDir), file);
}

/** Moves the database files of `dataDir` (not its outbox, photos or backups) into the new folder `to`. */
export async function moveDatabaseAside(dataDir: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const name of await databaseEntries(dataDir)) await rename(join(dataDir, name), join(to, name));
}

/** Unpacks a snapshot into `dataDir` (which holds no database). */
export async function unpackPgliteSnapshot(file: string, dataDir: string): Promise<void> {
  await run("tar", ["-xzf", file, "-C", dataDir]);
}
