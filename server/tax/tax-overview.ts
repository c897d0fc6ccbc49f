import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { products } from "../db/schema";
import { formatRate } from "../pricing/allocate";
import { loadPricingRules } from "../pricing/pricing-rules";

/** 8625 → "8.625", the text the rate fields show and take back. */
export const percentText = (milli: number) => formatRate(milli).slice(0, -1);

/** Everything the tax page shows: the settings, the categories (with how many products each has), and the zones. */
export async function taxOverview({ db, stripeConfigured }: { db: Database; stripeConfigured: boolean }) {
  const [rules, counts] = await Promise.all([
    loadPricingRules(db),
    db.select({ id: products.taxCategoryId, n: sql<number>`count(*)::int` }).from(products).groupBy(products.taxCategoryId),
  ]);
  const productCount = (id: number | null) => counts.find((c) => c.id === id)?.n ?? 0;
  const categoryName = (id: number | null) => rules.categories.find((c) => c.id === id)?.name ?? null;
  return {
    settings: { pricesIncludeTax: rules.pricesIncludeTax, taxOnShipping: rules.taxOnShipping, taxProvider: rules.taxProvider, stripeConfigured },
    categories: rules.categories.map((c) => ({ ...c, products: productCount(c.id) + (c.isDefault ? productCount(null) : 0) })),
    zones: rules.taxZones.map((z) => ({
      id: z.id,
      name: z.name,
      regions: z.regions,
      rates: z.rates.map((r) => ({ ...r, category: categoryName(r.taxCategoryId), percent: percentText(r.rateMilliPercent) })),
    })),
  };
}
