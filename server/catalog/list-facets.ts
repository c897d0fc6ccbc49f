import { and, desc, sql } from "drizzle-orm";
import { createLru, type Lru } from "../cache/lru";
import type { Database } from "../db/client";
import { products } from "../db/schema";
import type { ListingScope } from "./list-products";
import { scopeCondition } from "./list-products";
import { compareSizes } from "./sizes";
import { isActive } from "./product-query";

export interface Facets {
  colors: string[];
  sizes: string[];
}

const TTL_MS = 60_000;
/** Listings whose facets are kept per database: a search listing's key holds the shopper's words (decision 0035). */
const MAX_LISTINGS = 500;
const caches = new WeakMap<Database, Lru<string, { at: number; facets: Facets }>>();

/** The colours and sizes a listing's products come in, for its filters. Cached a minute per listing. */
export async function listFacets({ db, scope }: { db: Database; scope: ListingScope }): Promise<Facets> {
  const key = JSON.stringify(scope);
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = createLru({ maxEntries: MAX_LISTINGS })));
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.facets;
  const where = and(isActive, await scopeCondition(db, scope));
  const [colorRows, sizeRows] = await Promise.all([
    db
      .select({ value: sql<string>`c.value`, n: sql<number>`count(*)::int` })
      .from(sql`${products} cross join lateral unnest(${products.colors}) as c(value)`)
      .where(where)
      .groupBy(sql`c.value`)
      .orderBy(desc(sql`count(*)`), sql`c.value`),
    db
      .selectDistinct({ value: sql<string>`s.value` })
      .from(sql`${products} cross join lateral unnest(${products.sizes}) as s(value)`)
      .where(where),
  ]);
  const facets = { colors: colorRows.map((r) => r.value), sizes: sizeRows.map((r) => r.value).sort(compareSizes) };
  cache.set(key, { at: Date.now(), facets });
  return facets;
}
