import { and, count, desc, asc, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { products } from "../db/schema";
import { DEFAULT_PAGE_SIZE, type ListingQuery } from "./listing-query";
import { filterConditions } from "./list-products";
import { toProductJson } from "./product-json";
import { selectProducts } from "./product-query";
import type { ProductPage } from "./product-types";
import { isActive } from "./product-query";

/**
 * "linen dres" → "linen:* & dres:*": every word must match, each as a prefix so results appear while typing.
 * Only letters and digits reach to_tsquery, so no input can break its syntax.
 */
export function toPrefixQuery(text: string): string | null {
  const words = text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .split(" ")
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(" & ") : null;
}

/** Full-text search over name, description, category, colours and garment words, best matches first. */
export async function searchProducts({ db, text, query = {} }: { db: Database; text: string; query?: ListingQuery }): Promise<ProductPage> {
  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const prefixQuery = toPrefixQuery(text);
  if (!prefixQuery) return { products: [], total: 0, totalCapped: false, page, limit };
  const tsquery = sql`to_tsquery('english', ${prefixQuery})`;
  const where = and(isActive, sql`${products.searchVector} @@ ${tsquery}`, ...filterConditions(query));
  const order =
    query.sort === "price-low" ? [asc(products.priceCents), asc(products.id)]
    : query.sort === "price-high" ? [desc(products.priceCents), desc(products.id)]
    : query.sort === "rating" ? [desc(products.rating), asc(products.id)]
    : [desc(sql`ts_rank(${products.searchVector}, ${tsquery})`), desc(products.reviewCount), asc(products.id)];
  const [rows, [counted]] = await Promise.all([
    selectProducts(db).where(where).orderBy(...order).limit(limit).offset((page - 1) * limit),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { products: rows.map(toProductJson), total: counted?.n ?? 0, totalCapped: false, page, limit };
}
