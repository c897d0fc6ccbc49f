import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { backupStem, MEDIA_ARCHIVE, mediaArchiveFor, PG_DUMP, PGLITE_DUMP, pruneBackups } from "./backup-files";
import { isStoreRunning, requestDump } from "./control-socket";
import { runPostgresTool } from "./pg-tools";
import { moveDatabaseAside, snapshotStoppedPglite, unpackPgliteSnapshot } from "./pglite-snapshot";

const run = promisify(execFile);

/** Where a store keeps what a backup must hold: its database (PostgreSQL, or PGlite in dataDir) and its photos. */
export interface StoreLocation {
  /** PostgreSQL connection string; PGlite in `dataDir` when absent. */
  url?: string;
  dataDir: string;
  mediaDir: string;
}

export interface BackupResult {
  /** The database dump, then the photos' archive when there are photos. */
  files: { path: string; bytes: number }[];
  /** Older backups deleted to keep the newest `keep`. */
  removed: string[];
}

const hasFiles = async (dir: string) => existsSync(dir) && (await readdir(dir)).length > 0;

/** Writes to `file.partial`, then renames: a file with the final name is always a whole backup. */
async function writeWhole(file: string, write: (partial: string) => Promise<void>): Promise<{ path: string; bytes: number }> {
  const partial = `${file}.partial`;
  try {
    await write(partial);
    // Backups hold customers' names, addresses and orders: readable by the store's user only.
    await chmod(partial, 0o600);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  return { path: file, bytes: (await stat(file)).size };
}

/**
 * A consistent, timestamped backup while the store runs (decision 0024): `pg_dump` in custom format on PostgreSQL, a
 * snapshot of PGlite's files taken by the running store (or from the directory when no store runs on it), and the
 * photos as a tarball beside it. Keeps the newest `keep` backups in `dir`.
 */
export async function backupStore({ location, dir, keep, now = new Date() }: { location: StoreLocation; dir: string; keep: number; now?: Date }): Promise<BackupResult> {
  const target = resolve(dir);
  await mkdir(target, { recursive: true, mode: 0o700 });
  const stem = join(target, backupStem(now));
  const files = [];
  if (location.url) {
    const url = location.url;
    files.push(await writeWhole(stem + PG_DUMP, (partial) => runPostgresTool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", "--file", partial], url)));
  } else {
    // The running store takes the snapshot (only it may open the directory); with none running, the files are copied.
    files.push(await writeWhole(stem + PGLITE_DUMP, async (partial) => void ((await requestDump(location.dataDir, partial)) ?? (await snapshotStoppedPglite(location.dataDir, partial)))));
  }
  if (await hasFiles(location.mediaDir)) files.push(await writeWhole(stem + MEDIA_ARCHIVE, (partial) => run("tar", ["-czf", partial, "-C", location.mediaDir, "."]).then(() => {})));
  return { files, removed: await pruneBackups(target, keep) };
}

/** The store's tables, or none: what "empty" means for a restore. */
async function pgTableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rows } = await client.query(`select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`);
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/**
 * Restores a backup into an empty database (and its photos into an empty MEDIA_DIR); refuses one that holds data
 * unless `force`: then PostgreSQL's objects are dropped first, and a PGlite directory or photos folder is moved
 * aside (`<dir>.before-restore-<time>`) rather than deleted.
 */
export async function restoreStore({ location, file, force = false, now = new Date() }: { location: StoreLocation; file: string; force?: boolean; now?: Date }): Promise<{ restored: string[]; movedAside: string[] }> {
  const source = resolve(file);
  if (!existsSync(source)) throw new Error(`No backup at ${source}`);
  const restored: string[] = [];
  const movedAside: string[] = [];
  const asideName = (dir: string) => `${dir.replace(/\/$/, "")}.before-restore-${backupStem(now).slice("store-".length)}`;
  const aside = async (dir: string) => {
    const to = asideName(dir);
    await rename(dir, to);
    movedAside.push(to);
  };

  if (location.url) {
    if (!source.endsWith(PG_DUMP)) throw new Error(`A PostgreSQL store restores a ${PG_DUMP} backup, not ${source}`);
    const tables = await pgTableCount(location.url);
    if (tables > 0 && !force) throw new Error(`The database is not empty (${tables} tables): restore into an empty database, or pass --force to replace what is there`);
    // The database by name only: the rest of the connection (and the password) reaches pg_restore through libpq's environment.
    const dbName = decodeURIComponent(new URL(location.url).pathname.slice(1));
    const clean = tables > 0 ? ["--clean", "--if-exists"] : [];
    await runPostgresTool("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", ...clean, `--dbname=${dbName}`, source], location.url);
  } else {
    if (!source.endsWith(PGLITE_DUMP)) throw new Error(`A PGlite store restores a ${PGLITE_DUMP} backup, not ${source}`);
    const dataDir = resolve(location.dataDir);
    if (await isStoreRunning(dataDir)) throw new Error(`A store is running on ${dataDir}: stop it before restoring`);
    if (existsSync(join(dataDir, "PG_VERSION"))) {
      if (!force) throw new Error(`${dataDir} already holds a database: restore into an empty DATA_DIR, or pass --force to move it aside`);
      const to = asideName(dataDir);
      await moveDatabaseAside(dataDir, to);
      movedAside.push(to);
    }
    await mkdir(dataDir, { recursive: true });
    await unpackPgliteSnapshot(source, dataDir);
  }
  restored.push(source);

  const media = mediaArchiveFor(source);
  if (existsSync(media)) {
    const mediaDir = resolve(location.mediaDir);
    if (await hasFiles(mediaDir)) {
      if (!force) throw new Error(`The database is restored, but ${mediaDir} is not empty: pass --force to move it aside and restore the photos`);
      await aside(mediaDir);
    }
    await mkdir(mediaDir, { recursive: true });
    await run("tar", ["-xzf", media, "-C", mediaDir]);
    restored.push(media);
  }
  return { restored, movedAside };
}
