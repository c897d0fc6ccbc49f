import { and, asc, count, desc, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { products } from "../db/schema";
import { DEFAULT_PAGE_SIZE, type ListingQuery } from "../catalog/listing-query";
import { filterConditions } from "../catalog/list-products";
import { toProductJson } from "../catalog/product-json";
import { isActive, selectProducts } from "../catalog/product-query";
import type { ProductPage } from "../catalog/product-types";
import { nameKey } from "./query-words";
import type { SearchPlan } from "./search-plan";

export type SearchPage = ProductPage & { corrected: string | null; normalized: string };

/** The product name as nameKey spells it, in SQL (lower case, words split by anything but letters and digits). */
const nameKeySql = sql`trim(lower(regexp_replace(${products.name}, '[^[:alnum:]]+', ' ', 'g')))`;

/**
 * The products a plan finds (search-plan.ts). By relevance: the exact name first, then names that start with the
 * query, then names holding the very words (not only their stems), then full-text rank, then the most reviewed; other sorts as the listings sort. `counted: false` skips the
 * count (the header's suggestions).
 */
export async function findProducts({ db, plan, text, query = {}, counted = true }: { db: Database; plan: SearchPlan; text: string; query?: ListingQuery; counted?: boolean }): Promise<SearchPage> {
  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const tsquery = plan.tsquery ? sql`(${plan.tsquery})` : null;
  const conditions: SQL[] = [isActive, ...filterConditions({ ...query, colors: [...(query.colors ?? []), ...plan.colors], sizes: [...(query.sizes ?? []), ...plan.sizes] })];
  if (tsquery) conditions.push(sql`${products.searchVector} @@ ${tsquery}`);
  const where = and(...conditions);
  const key = nameKey(plan.corrected ?? text);
  const order =
    query.sort === "price-low" ? [asc(products.priceCents), asc(products.id)]
    : query.sort === "price-high" ? [desc(products.priceCents), desc(products.id)]
    : query.sort === "rating" ? [desc(products.rating), asc(products.id)]
    : [
        desc(sql`${nameKeySql} = ${key}`),
        desc(sql`starts_with(${nameKeySql}, ${key})`),
        ...(plan.nameQuery ? [desc(sql`to_tsvector('simple', ${products.name}) @@ (${plan.nameQuery})`)] : []),
        ...(tsquery ? [desc(sql`ts_rank(${products.searchVector}, ${tsquery})`)] : []),
        desc(products.reviewCount),
        asc(products.id),
      ];
  const [rows, total] = await Promise.all([
    selectProducts(db).where(where).orderBy(...order).limit(limit).offset((page - 1) * limit),
    counted ? db.select({ n: count() }).from(products).where(where).then(([c]) => c?.n ?? 0) : Promise.resolve(-1),
  ]);
  return { products: rows.map(toProductJson), total: counted ? total : rows.length, totalCapped: false, page, limit, corrected: plan.corrected, normalized: plan.normalized };
}
