// Imports a Shopify product CSV into the store's database, as the staff page does:
//   npm run catalog:import -- products.csv [--dry-run] [--collection men]
// Prints what is created, updated and refused (with line numbers); writes nothing when any line is refused (exit 1).
// Refuses beside a running PGlite store: the staff page imports into it (decision 0036).
import { existsSync, readFileSync } from "node:fs";
import { importCatalog } from "../server/catalog/shopify-csv/import-catalog";
import { mediaStoreFromConfig } from "../server/media/media-from-config";
import { openToolDatabase, parseToolArgs, RefusedError, runTool, toolConfig, UsageError } from "./cli-kit";

const USAGE = "npm run catalog:import -- <file.csv> [--dry-run] [--collection men]";

await runTool(async () => {
  const { values, positionals } = parseToolArgs({ allowPositionals: true, options: { "dry-run": { type: "boolean", default: false }, collection: { type: "string", default: "men" } } }, USAGE);
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new UsageError(`Usage: ${USAGE}`);
  if (!existsSync(file)) throw new RefusedError(`No such file: ${file}`);
  const { config, dataDir } = toolConfig();
  const database = await openToolDatabase({ config, dataDir, collections: true, instead: "import the file on the staff page /admin/products/import" });
  try {
    const started = Date.now();
    console.log(`Reading ${file}...`);
    const media = mediaStoreFromConfig(config);
    const report = await importCatalog({ db: database.db, text: readFileSync(file, "utf8"), dryRun: values["dry-run"], defaultCollection: values.collection, actor: "cli", media, fetchOptions: { allowHosts: config.IMPORT_IMAGE_HOSTS } });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`${report.rows} rows: ${report.created.length} to create, ${report.updated.length} to update, ${report.unchanged.length} unchanged, ${report.refused.length} refused, ${report.photos} photos, ${report.warnings.length} notes (${seconds} s)`);
    for (const w of report.warnings) console.log(`  note     line ${w.line}${w.column ? `, ${w.column}` : ""}${w.handle ? ` (${w.handle})` : ""}: ${w.reason}`);
    for (const r of report.refused) console.log(`  refused  line ${r.line}${r.column ? `, ${r.column}` : ""}${r.handle ? ` (${r.handle})` : ""}: ${r.reason}`);
    if (report.unknownColumns.length) console.log(`  ignored columns: ${report.unknownColumns.join(", ")}`);
    console.log(report.imported ? "Imported." : report.dryRun ? "Dry run: nothing written." : "Nothing imported: fix the refused lines and run again.");
    if (report.refused.length) process.exitCode = 1;
  } finally {
    await database.close();
  }
});
