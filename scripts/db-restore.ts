// Restores a backup made by `npm run db:backup` into an empty database (and its photos into an empty MEDIA_DIR):
//   npm run db:restore -- FILE [--force]
// --force replaces what is there: PostgreSQL's objects are dropped first; a PGlite database or photos folder is moved aside.
import { parseArgs } from "node:util";
import { restoreStore } from "../server/ops/backup";
import { storeFromEnvironment } from "../server/ops/store-location";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { force: { type: "boolean", default: false } } });
if (positionals.length !== 1) {
  console.error("Usage: npm run db:restore -- <backup file> [--force]");
  process.exit(1);
}
const { location } = storeFromEnvironment();
try {
  const { restored, movedAside } = await restoreStore({ location, file: positionals[0]!, force: values.force });
  for (const dir of movedAside) console.log(`Moved aside: ${dir}`);
  for (const file of restored) console.log(`Restored: ${file}`);
  console.log("Start the store (npm start): it applies any newer migrations to the restored database.");
} catch (err) {
  console.error(`Restore failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
