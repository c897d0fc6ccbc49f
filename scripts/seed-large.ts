// Adds synthetic products (with colour × size variants) and orders for performance work:
//   npm run db:seed:large -- --products 100000
//   npm run db:seed:large -- --orders 100000      (orders over two years, with refunds, returns, codes, channels and the funnel)
// Uses DATABASE_URL or DATA_DIR like the store. Deterministic: the same count gives the same catalogue (and orders).
// Refuses beside a running PGlite store (decision 0036).
import { seedLargeCatalog } from "../server/seed/seed-large";
import { seedOrders } from "../server/seed/seed-orders";
import { seedCatalog } from "../server/seed/seed-catalog";
import { openToolDatabase, parseToolArgs, runTool, toolConfig, UsageError } from "./cli-kit";

const USAGE = "npm run db:seed:large -- [--products 100000] [--orders 100000]";

const count = (value: string | undefined, name: string, max: number) => {
  if (value === undefined) return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new UsageError(`--${name} must be a whole number between 1 and ${max.toLocaleString("en")}\nUsage: ${USAGE}`);
  return n;
};

await runTool(async () => {
  const { values } = parseToolArgs({ options: { products: { type: "string" }, orders: { type: "string" } } }, USAGE);
  const orders = count(values.orders, "orders", 2_000_000);
  // Products: as asked, or 100,000 when neither is given (the script's first use); orders alone keep the catalogue.
  const target = count(values.products ?? (orders === null ? "100000" : undefined), "products", 2_000_000);
  const { config, dataDir } = toolConfig();
  const handle = await openToolDatabase({ config, dataDir, instead: "stop it, seed, then start it again" });
  try {
    if (target !== null) {
      const made = await seedLargeCatalog(handle.db, target, (n, seconds) => console.log(`${n} products (${seconds} s)`));
      console.log(`Catalogue has ${made} products.`);
    } else {
      await seedCatalog(handle.db);
    }
    if (orders !== null) {
      const started = Date.now();
      const made = await seedOrders(handle.db, orders);
      console.log(`Added ${made.orders} orders (${made.lines} lines, ${made.refunds} refunds, ${made.returns} of them returns) and ${made.funnelRows} daily funnel counts in ${Math.round((Date.now() - started) / 1000)} s.`);
    }
  } finally {
    await handle.close();
  }
});
