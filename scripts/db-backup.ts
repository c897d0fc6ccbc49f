// A consistent, timestamped backup of the running (or stopped) store, keeping the newest N (decision 0024):
//   npm run db:backup [-- --dir /path/to/backups] [--keep 14]
// PostgreSQL (DATABASE_URL): pg_dump custom format. PGlite: a snapshot of DATA_DIR's database files. Photos: a tarball beside it.
import { join } from "node:path";
import { backupStore } from "../server/ops/backup";
import { parseToolArgs, RefusedError, runTool, toolConfig, UsageError } from "./cli-kit";

const USAGE = "npm run db:backup -- [--dir <folder>] [--keep 14]";

await runTool(async () => {
  const { values } = parseToolArgs({ options: { dir: { type: "string" }, keep: { type: "string" } } }, USAGE);
  const keep = Number(values.keep ?? process.env.BACKUP_KEEP ?? 14);
  if (!Number.isInteger(keep) || keep < 1 || keep > 10_000) throw new UsageError(`--keep (or BACKUP_KEEP) must be a whole number from 1\nUsage: ${USAGE}`);
  const { location } = toolConfig();
  const dir = values.dir ?? join(location.dataDir, "backups");
  try {
    const { files, removed } = await backupStore({ location, dir, keep });
    for (const file of files) console.log(`${file.path} (${(file.bytes / 1024).toFixed(1)} KB)`);
    if (removed.length) console.log(`Removed ${removed.length} older file(s), keeping the newest ${keep} backups.`);
  } catch (err) {
    throw new RefusedError(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  }
});
