// Restores a backup made by `npm run db:backup` into an empty database (and its photos into an empty MEDIA_DIR):
//   npm run db:restore -- FILE [--force]
// --force replaces what is there: PostgreSQL's objects are dropped first; a PGlite database or photos folder is moved aside.
// With MEDIA_STORAGE=s3 the bucket is left as it is, and it says so (its versioning is the photos' backup).
import { restoreStore } from "../server/ops/backup";
import { MEDIA_ARCHIVE } from "../server/ops/backup-files";
import { parseToolArgs, RefusedError, runTool, toolConfig, UsageError } from "./cli-kit";

const USAGE = "npm run db:restore -- <backup file> [--force]";

await runTool(async () => {
  const { values, positionals } = parseToolArgs({ allowPositionals: true, options: { force: { type: "boolean", default: false } } }, USAGE);
  if (positionals.length !== 1) throw new UsageError(`Usage: ${USAGE}`);
  const { config, location } = toolConfig();
  try {
    const { restored, movedAside } = await restoreStore({ location, file: positionals[0]!, force: values.force });
    for (const dir of movedAside) console.log(`Moved aside: ${dir}`);
    for (const file of restored) console.log(`Restored: ${file}`);
    if (config.MEDIA_STORAGE === "s3") {
      const photos = restored.some((file) => file.endsWith(MEDIA_ARCHIVE)) ? `Its photos went to ${location.mediaDir}: npm run media:copy -- --to s3 puts them in the bucket. ` : "";
      console.log(`Photos: ${photos}The store reads them from s3://${config.S3_BUCKET}, which this restore leaves as it is; to go back in time there, restore older versions with the bucket's versioning.`);
    }
    console.log("Start the store (npm start): it applies any newer migrations to the restored database.");
  } catch (err) {
    throw new RefusedError(`Restore failed: ${err instanceof Error ? err.message : String(err)}`);
  }
});
