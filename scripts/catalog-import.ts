// Imports a Shopify product CSV into the store's database, as the staff page does:
//   npm run catalog:import -- products.csv [--dry-run] [--collection men]
// Prints what is created, updated and refused (with line numbers); writes nothing when any line is refused.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { migrateDatabase } from "../server/db/migrate";
import { importCatalog } from "../server/catalog/shopify-csv/import-catalog";
import { createMediaStore } from "../server/media/media-store";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { "dry-run": { type: "boolean", default: false }, collection: { type: "string", default: "men" } } });
const file = positionals[0];
if (!file) {
  console.error("Usage: npm run catalog:import -- <file.csv> [--dry-run] [--collection men]");
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateDatabase(database);
  const started = Date.now();
  console.log(`Reading ${file}...`);
  const media = createMediaStore(config.MEDIA_DIR ?? join(resolve(config.DATA_DIR), "media"));
  const report = await importCatalog({ db: database.db, text: readFileSync(file, "utf8"), dryRun: values["dry-run"], defaultCollection: values.collection, actor: "cli", media, fetchOptions: { allowHosts: config.IMPORT_IMAGE_HOSTS } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`${report.rows} rows: ${report.created.length} to create, ${report.updated.length} to update, ${report.unchanged.length} unchanged, ${report.refused.length} refused, ${report.photos} photos, ${report.warnings.length} notes (${seconds} s)`);
  for (const w of report.warnings) console.log(`  note     line ${w.line}${w.column ? `, ${w.column}` : ""}${w.handle ? ` (${w.handle})` : ""}: ${w.reason}`);
  for (const r of report.refused) console.log(`  refused  line ${r.line}${r.column ? `, ${r.column}` : ""}${r.handle ? ` (${r.handle})` : ""}: ${r.reason}`);
  if (report.unknownColumns.length) console.log(`  ignored columns: ${report.unknownColumns.join(", ")}`);
  console.log(report.imported ? "Imported." : report.dryRun ? "Dry run: nothing written." : "Nothing imported: fix the refused lines and run again.");
  process.exitCode = report.refused.length ? 2 : 0;
} finally {
  await database.close();
}
