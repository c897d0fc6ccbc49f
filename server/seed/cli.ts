// Upserts the demo catalogue and seeds its reviews: npm run db:seed (decision 0036: refuses beside a running PGlite store).
import { openToolDatabase, parseToolArgs, runTool, toolConfig } from "../../scripts/cli-kit";
import { seedDrops } from "../drops/seed-drops";
import { seedCatalog } from "./seed-catalog";
import { seedReviews } from "./seed-reviews";

await runTool(async () => {
  parseToolArgs({ options: {} }, "npm run db:seed");
  const { config, dataDir } = toolConfig();
  const handle = await openToolDatabase({ config, dataDir, instead: "restart it: it seeds an empty catalogue itself" });
  try {
    const result = await seedCatalog(handle.db);
    await seedDrops(handle.db, new Date());
    const reviewed = await seedReviews(handle.db);
    console.log(`Seeded ${result.products} products, ${result.variants} variants and ${reviewed.reviews} reviews by ${reviewed.buyers} buyers.`);
  } finally {
    await handle.close();
  }
});
