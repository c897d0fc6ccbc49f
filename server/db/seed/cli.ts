import { loadConfig } from "../../config";
import { openDatabase } from "../client";
import { migrateDatabase } from "../migrate";
import { seedCampaign } from "../../campaign/campaign";
import { seedCatalog } from "./seed-catalog";

const config = loadConfig();
const handle = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateDatabase(handle);
  const result = await seedCatalog(handle.db);
  await seedCampaign(handle.db, new Date());
  console.log(`Seeded ${result.products} products and ${result.variants} variants.`);
} finally {
  await handle.close();
}
