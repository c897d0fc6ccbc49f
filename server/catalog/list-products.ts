import { and, arrayOverlaps, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, type SQL, sql } from "drizzle-orm";
import { categoryAliases } from "../../shared/taxonomy";
import type { Database } from "../db/client";
import { categories, products } from "../db/schema";
import { AppError } from "../errors";
import { DEFAULT_PAGE_SIZE, type ListingQuery, type Sort } from "./listing-query";
import { toProductJson } from "./product-json";
import { isActive, selectProducts } from "./product-query";
import type { ProductPage } from "./product-types";

/** What a listing shows before filters: everything, a collection, a subcategory, or the sale / new selections. */
export type ListingScope =
  | { kind: "all" }
  | { kind: "category"; category: string }
  | { kind: "subcategory"; subcategory: string; category?: string }
  | { kind: "sale" }
  | { kind: "new" };

const orderBy: Record<Sort, SQL[]> = {
  newest: [desc(products.createdAt), desc(products.id)],
  "price-low": [asc(products.priceCents), asc(products.id)],
  "price-high": [desc(products.priceCents), desc(products.id)],
  rating: [desc(products.rating), desc(products.reviewCount), asc(products.id)],
};

/**
 * Listings count their matches only up to this many, ten pages of 24 (or up to the page asked for, if deeper): an
 * exact count of a big catalogue is a scan of every match, which made a 100,000-product category several times slower
 * than a small one. Shoppers see "240+ products"; paging on works as usual. See docs/decisions/0012.
 */
export const COUNT_CAP = 240;

export async function listProducts(options: { db: Database; scope: ListingScope; query?: ListingQuery }): Promise<ProductPage> {
  const { page, limit, cap, rows: rowsQuery, count: countQuery } = await listingQueries(options);
  const [rows, [counted]] = await Promise.all([rowsQuery, countQuery]);
  const matches = counted?.n ?? 0;
  return { products: rows.map(toProductJson), total: Math.min(matches, cap), totalCapped: matches > cap, page, limit };
}

/** The two SQL queries behind a listing: one page of products and the capped count of matches (scripts/scale.ts explains them). */
export async function listingQueries({ db, scope, query = {} }: { db: Database; scope: ListingScope; query?: ListingQuery }) {
  const where = and(isActive, await scopeCondition(db, scope), ...filterConditions(query));
  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const offset = (page - 1) * limit;
  const cap = Math.max(COUNT_CAP, offset + limit);
  const order = orderBy[query.sort ?? "newest"];
  return {
    page,
    limit,
    cap,
    rows: selectProducts(db)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    // The first cap + 1 matches in the listing's own order: the walk the pages make, along the same index. One row
    // past the cap tells "more than cap" from "exactly cap".
    count: db.select({ n: count() }).from(db.select({ one: sql`1` }).from(products).where(where).orderBy(...order).limit(cap + 1).as("matches")),
  };
}

/** Price, colour, size and featured filters; shared by listings and search. */
export function filterConditions(query: ListingQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.minPrice !== undefined) conditions.push(gte(products.priceCents, query.minPrice));
  if (query.maxPrice !== undefined) conditions.push(lte(products.priceCents, query.maxPrice));
  if (query.colors?.length) conditions.push(arrayOverlaps(products.colors, query.colors));
  if (query.sizes?.length) conditions.push(arrayOverlaps(products.sizes, query.sizes));
  if (query.featured !== undefined) conditions.push(eq(products.featured, query.featured));
  return conditions;
}

export async function scopeCondition(db: Database, scope: ListingScope): Promise<SQL | undefined> {
  switch (scope.kind) {
    case "all":
      return undefined;
    case "sale":
      return isNotNull(products.compareAtCents);
    case "new":
      return eq(products.isNew, true);
    case "category":
      return eq(products.categoryId, await findCategoryId(db, scope.category));
    case "subcategory": {
      const ids = await findSubcategoryIds(db, scope.subcategory, scope.category);
      return inArray(products.subcategoryId, ids);
    }
  }
}

async function findCategoryId(db: Database, slug: string): Promise<number> {
  const resolved = categoryAliases[slug] ?? slug;
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.slug, resolved), isNull(categories.parentId)));
  if (!row) throw new AppError("not_found", `Category '${slug}' not found`);
  return row.id;
}

async function findSubcategoryIds(db: Database, slug: string, category?: string): Promise<number[]> {
  const parentCondition = category ? eq(categories.parentId, await findCategoryId(db, category)) : isNotNull(categories.parentId);
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.slug, slug), parentCondition));
  if (rows.length === 0) throw new AppError("not_found", `Subcategory '${slug}' not found`);
  return rows.map((r) => r.id);
}
