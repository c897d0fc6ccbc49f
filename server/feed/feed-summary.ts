import { and, asc, count, eq, sql } from "drizzle-orm";
import { toProductJson } from "../catalog/product-json";
import { selectProducts } from "../catalog/product-query";
import type { Database } from "../db/client";
import { categories, products } from "../db/schema";
import { isActive } from "../catalog/product-query";

const LISTED = 200;
/** SPEC §2 counts the products of this category by name (the category, not a drop: staff may run drops of anything). */
const SPEC_COUNTED_CATEGORY = "tech-casual";

/** SPEC §2 /admin/instagram-shop: totals, 'Instagram Ready' (name, description, image, price above 0), tech-casual count and the list. */
export async function summarizeFeed({ db }: { db: Database }) {
  const [[totals], listed] = await Promise.all([
    db
      .select({
        total: count(),
        ready: sql<number>`count(*) filter (where length(trim(${products.name})) > 0 and length(trim(${products.description})) > 0 and cardinality(${products.colors}) > 0 and ${products.priceCents} > 0)::int`,
        techCasual: sql<number>`count(*) filter (where ${products.categoryId} = (select id from ${categories} where slug = ${SPEC_COUNTED_CATEGORY} and parent_id is null))::int`,
      })
      .from(products)
      .where(and(isActive, eq(products.giftCard, false))),
    selectProducts(db).where(and(isActive, eq(products.giftCard, false))).orderBy(asc(products.id)).limit(LISTED),
  ]);
  return { total: totals?.total ?? 0, instagramReady: totals?.ready ?? 0, techCasual: totals?.techCasual ?? 0, listedLimit: LISTED, products: listed.map(toProductJson) };
}
