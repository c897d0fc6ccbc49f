import { readdir, rm } from "node:fs/promises";
import { join } from "node:path";

/** A PostgreSQL custom-format dump (pg_restore reads it). */
export const PG_DUMP = ".pgdump";
/** PGlite's data directory as a gzipped tarball (PGlite's dumpDataDir). */
export const PGLITE_DUMP = ".pglite.tar.gz";
/** The product photos folder (MEDIA_DIR), next to the database's dump. */
export const MEDIA_ARCHIVE = "-media.tar.gz";

const BACKUP_NAME = /^store-(\d{8}-\d{6})(\.pgdump|\.pglite\.tar\.gz|-media\.tar\.gz)$/;

/** `store-20261124-204700`: UTC, sortable, one per second. */
export function backupStem(now: Date): string {
  const iso = now.toISOString();
  return `store-${iso.slice(0, 10).replaceAll("-", "")}-${iso.slice(11, 19).replaceAll(":", "")}`;
}

/** The media archive that belongs with a database dump, by name. */
export function mediaArchiveFor(dumpFile: string): string {
  return dumpFile.replace(/(\.pgdump|\.pglite\.tar\.gz)$/, MEDIA_ARCHIVE);
}

/** Deletes all but the newest `keep` backups in `dir` (only files this tool named; a backup's media goes with it). */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => BACKUP_NAME.test(name));
  const stamps = [...new Set(files.map((name) => BACKUP_NAME.exec(name)![1]!))].sort().reverse();
  const dropped = new Set(stamps.slice(keep));
  const removed = files.filter((name) => dropped.has(BACKUP_NAME.exec(name)![1]!));
  await Promise.all(removed.map((name) => rm(join(dir, name), { force: true })));
  return removed;
}
