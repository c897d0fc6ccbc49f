import { and, asc, count, desc, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { productNameKey, products } from "../db/schema";
import { DEFAULT_PAGE_SIZE, type ListingQuery } from "../catalog/listing-query";
import { filterConditions } from "../catalog/list-products";
import { toProductJson } from "../catalog/product-json";
import { isActive, selectProducts } from "../catalog/product-query";
import type { ProductPage } from "../catalog/product-types";
import { nameKey } from "./query-words";
import type { SearchPlan } from "./search-plan";

export type SearchPage = ProductPage & { corrected: string | null; normalized: string };

const nameKeySql = productNameKey(products.name);

/**
 * The header's suggestions rank only these: the names that start with what was typed and the most reviewed matches, at
 * most this many of each. Ranking every match costs in proportion to the matches (a word in 11,000 of 100,000 products
 * took 90 ms on PostgreSQL); finding these two sets walks an index and the matches' review counts.
 */
const SUGGESTION_CANDIDATES = 50;

/**
 * The products a plan finds (search-plan.ts). By relevance: the exact name first, then names that start with the
 * query, then names holding it as a phrase, then names holding the very words (not only their stems), then full-text
 * rank, then the most reviewed; other sorts as the listings sort. `counted: false` (the header's suggestions) skips
 * the count and ranks only the candidates.
 */
export async function findProducts({ db, plan, text, query = {}, counted = true }: { db: Database; plan: SearchPlan; text: string; query?: ListingQuery; counted?: boolean }): Promise<SearchPage> {
  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const tsquery = plan.tsquery ? sql`(${plan.tsquery})` : null;
  // The words' meaning: the full-text query, with the colour and size words it took as filters.
  const asked: SQL[] = filterConditions({ colors: plan.colors, sizes: plan.sizes });
  if (tsquery) asked.push(sql`${products.searchVector} @@ ${tsquery}`);
  // Or the words as a name's phrase, whatever filters they could also mean (products_name_words_idx answers it).
  const named = plan.namePhrase ? sql`to_tsvector('simple', ${products.name}) @@ (${plan.namePhrase})` : null;
  const found = named && asked.length ? or(and(...asked), named)! : and(...asked);
  // The shopper's own filters (the page's colour and size choices) apply to both.
  const matching = and(isActive, ...filterConditions(query), found)!;
  const key = nameKey(plan.corrected ?? text);
  const where = counted ? matching : sql`${products.id} in (${candidates(matching, key, named)})`;
  const order =
    query.sort === "price-low" ? [asc(products.priceCents), asc(products.id)]
    : query.sort === "price-high" ? [desc(products.priceCents), desc(products.id)]
    : query.sort === "rating" ? [desc(products.rating), asc(products.id)]
    : [
        desc(sql`${nameKeySql} = ${key}`),
        desc(sql`starts_with(${nameKeySql}, ${key})`),
        ...(named ? [desc(named)] : []),
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

/**
 * The suggestions' candidates among the products `where` finds: the very name, then SUGGESTION_CANDIDATES's two sets,
 * and as many names holding the query as a phrase (they rank above the most reviewed).
 */
function candidates(where: SQL, key: string, named: SQL | null): SQL {
  const mostReviewed = (also?: SQL) =>
    sql`(select ${products.id} from ${products} where ${also ? and(where, also) : where} order by ${products.reviewCount} desc, ${products.id} limit ${SUGGESTION_CANDIDATES})`;
  // `key` holds only letters, digits and spaces: nothing LIKE reads as a wildcard.
  const sets = [mostReviewed(sql`${nameKeySql} = ${key}`), mostReviewed(sql`${nameKeySql} like ${`${key}%`}`), mostReviewed(), ...(named ? [mostReviewed(named)] : [])];
  return sql.join(sets, sql` union `);
}
