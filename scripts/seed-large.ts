// Adds synthetic products (with colour × size variants) for performance work:
//   npm run db:seed:large -- --products 100000
// Uses DATABASE_URL or DATA_DIR like the store. Deterministic: the same count gives the same catalogue.
// Refuses beside a running PGlite store (decision 0036).
import { seedLargeCatalog } from "../server/seed/seed-large";
import { openToolDatabase, parseToolArgs, runTool, toolConfig, UsageError } from "./cli-kit";

const USAGE = "npm run db:seed:large -- [--products 100000]";

await runTool(async () => {
  const { values } = parseToolArgs({ options: { products: { type: "string", default: "100000" } } }, USAGE);
  const target = Number(values.products);
  if (!Number.isInteger(target) || target < 1 || target > 2_000_000) throw new UsageError(`--products must be a whole number between 1 and 2,000,000\nUsage: ${USAGE}`);
  const { config, dataDir } = toolConfig();
  const handle = await openToolDatabase({ config, dataDir, instead: "stop it, seed, then start it again" });
  try {
    const made = await seedLargeCatalog(handle.db, target, (n, seconds) => console.log(`${n} products (${seconds} s)`));
    console.log(`Catalogue has ${made} products.`);
  } finally {
    await handle.close();
  }
});
