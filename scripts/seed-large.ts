// Adds synthetic products (with colour × size variants) for performance work:
//   npm run db:seed:large -- --products 100000
// Uses DATABASE_URL or DATA_DIR like the store. Deterministic: the same count gives the same catalogue.
import { parseArgs } from "node:util";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { migrateDatabase } from "../server/db/migrate";
import { seedLargeCatalog } from "../server/seed/seed-large";

const { values } = parseArgs({ options: { products: { type: "string", default: "100000" } } });
const target = Number(values.products);
if (!Number.isInteger(target) || target < 1 || target > 2_000_000) {
  console.error("--products must be a whole number between 1 and 2,000,000");
  process.exit(1);
}

const config = loadConfig();
const handle = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateDatabase(handle);
  const made = await seedLargeCatalog(handle.db, target, (n, seconds) => console.log(`${n} products (${seconds} s)`));
  console.log(`Catalogue has ${made} products.`);
} finally {
  await handle.close();
}
