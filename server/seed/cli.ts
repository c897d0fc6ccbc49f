import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { seedCampaign } from "../campaign/campaign";
import { seedCatalog } from "./seed-catalog";
import { seedReviews } from "./seed-reviews";

const config = loadConfig();
const handle = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateDatabase(handle);
  const result = await seedCatalog(handle.db);
  await seedCampaign(handle.db, new Date());
  const reviewed = await seedReviews(handle.db);
  console.log(`Seeded ${result.products} products, ${result.variants} variants and ${reviewed.reviews} reviews by ${reviewed.buyers} buyers.`);
} finally {
  await handle.close();
}
