// npm run bench:import: a 10,000-variant Shopify CSV (1,000 products, 2 colours x 5 sizes) checked and imported into
// a fresh PGlite store; prints both times against the goal (under 60 s). IMPORT_PRODUCTS changes the size.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stringify } from "csv-stringify/sync";
import { openDatabase } from "../server/db/client";
import { migrateDatabase } from "../server/db/migrate";
import { seedCatalog } from "../server/seed/seed-catalog";
import { importCatalog } from "../server/catalog/shopify-csv/import-catalog";

const PRODUCTS = Number(process.env.IMPORT_PRODUCTS ?? 1000);
const COLORS = ["Black", "Sand"];
const SIZES = ["XS", "S", "M", "L", "XL"];
const GOAL_SECONDS = 60;

function shopifyCsv(): string {
  const rows: string[][] = [["Handle", "Title", "Body (HTML)", "Vendor", "Type", "Tags", "Published", "Option1 Name", "Option1 Value", "Option2 Name", "Option2 Value", "Variant SKU", "Variant Inventory Qty", "Variant Price", "Variant Compare At Price", "Image Src", "Status"]];
  for (let p = 0; p < PRODUCTS; p++) {
    let first = true;
    for (const color of COLORS) {
      for (const size of SIZES) {
        rows.push([
          `bench-tee-${p}`,
          first ? `Bench Tee ${p}` : "",
          first ? `<p>Heavy cotton tee number ${p}.</p><ul><li>Boxy fit</li><li>Pre-shrunk</li></ul>` : "",
          first ? "Bench Co" : "",
          first ? "T-Shirts" : "",
          first ? "men, cotton" : "",
          first ? "TRUE" : "",
          first ? "Color" : "",
          color,
          first ? "Size" : "",
          size,
          `BENCH-${p}-${color}-${size}`.toUpperCase(),
          String((p + size.length) % 30),
          (19 + (p % 40)).toFixed(2),
          p % 5 === 0 ? (29 + (p % 40)).toFixed(2) : "",
          "",
          first ? "active" : "",
        ]);
        first = false;
      }
    }
  }
  return stringify(rows);
}

const dataDir = mkdtempSync(join(tmpdir(), "bench-import-"));
const database = await openDatabase({ dataDir });
try {
  await migrateDatabase(database);
  await seedCatalog(database.db);
  const text = shopifyCsv();
  const variants = PRODUCTS * COLORS.length * SIZES.length;
  console.log(`Shopify CSV: ${PRODUCTS} products, ${variants} variants, ${(text.length / 1e6).toFixed(1)} MB; PGlite, Node ${process.version}`);
  let started = Date.now();
  const dry = await importCatalog({ db: database.db, text, dryRun: true, actor: "bench" });
  const drySeconds = (Date.now() - started) / 1000;
  console.log(`dry run  ${drySeconds.toFixed(1)} s: ${dry.created.length} to create, ${dry.refused.length} refused`);
  started = Date.now();
  const real = await importCatalog({ db: database.db, text, dryRun: false, actor: "bench" });
  const seconds = (Date.now() - started) / 1000;
  console.log(`import   ${seconds.toFixed(1)} s: ${real.created.length} created → ${seconds < GOAL_SECONDS ? "met" : "MISSED"} (goal < ${GOAL_SECONDS} s for 10,000 variants)`);
  started = Date.now();
  const again = await importCatalog({ db: database.db, text, dryRun: false, actor: "bench" });
  console.log(`re-import ${((Date.now() - started) / 1000).toFixed(1)} s: ${again.unchanged.length} unchanged, ${again.updated.length} updated`);
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
