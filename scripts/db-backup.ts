// A consistent, timestamped backup of the running (or stopped) store, keeping the newest N (decision 0024):
//   npm run db:backup [-- --dir /path/to/backups] [--keep 14]
// PostgreSQL (DATABASE_URL): pg_dump custom format. PGlite: a snapshot of DATA_DIR's database files. Photos: a tarball
// of MEDIA_DIR beside it; with MEDIA_STORAGE=s3 none, and it says so (the bucket's versioning keeps them).
import { join } from "node:path";
import { backupStore } from "../server/ops/backup";
import { parseToolArgs, RefusedError, runTool, toolConfig, UsageError } from "./cli-kit";

/** With MEDIA_STORAGE=s3 the photos are not in the backup: the bucket keeps them (decision 0053, README "Backups"). */
const bucketNote = (bucket: string) =>
  `Photos: not in this backup. They are in s3://${bucket}; keep them with the bucket's versioning (and a rule that expires old versions), as the README's Backups section says.`;

const USAGE = "npm run db:backup -- [--dir <folder>] [--keep 14]";

await runTool(async () => {
  const { values } = parseToolArgs({ options: { dir: { type: "string" }, keep: { type: "string" } } }, USAGE);
  const keep = Number(values.keep ?? process.env.BACKUP_KEEP ?? 14);
  if (!Number.isInteger(keep) || keep < 1 || keep > 10_000) throw new UsageError(`--keep (or BACKUP_KEEP) must be a whole number from 1\nUsage: ${USAGE}`);
  const { config, location } = toolConfig();
  const dir = values.dir ?? join(location.dataDir, "backups");
  try {
    const { files, removed } = await backupStore({ location, dir, keep });
    for (const file of files) console.log(`${file.path} (${(file.bytes / 1024).toFixed(1)} KB)`);
    if (removed.length) console.log(`Removed ${removed.length} older file(s), keeping the newest ${keep} backups.`);
    if (config.MEDIA_STORAGE === "s3") console.log(bucketNote(config.S3_BUCKET!));
  } catch (err) {
    throw new RefusedError(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  }
});
