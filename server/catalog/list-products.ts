import { and, arrayOverlaps, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, type SQL } from "drizzle-orm";
import { categoryAliases } from "../../app/lib/taxonomy";
import type { Database } from "../db/client";
import { categories, products } from "../db/schema";
import { AppError } from "../errors";
import { DEFAULT_PAGE_SIZE, type ListingQuery, type Sort } from "./listing-query";
import { toProductJson } from "./product-json";
import { selectProducts } from "./product-query";
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

export async function listProducts({
  db,
  scope,
  query = {},
}: {
  db: Database;
  scope: ListingScope;
  query?: ListingQuery;
}): Promise<ProductPage> {
  const where = and(await scopeCondition(db, scope), ...filterConditions(query));
  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const [rows, [counted]] = await Promise.all([
    selectProducts(db)
      .where(where)
      .orderBy(...orderBy[query.sort ?? "newest"])
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { products: rows.map(toProductJson), total: counted?.n ?? 0, page, limit };
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
