import { and, desc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { productImageUrl } from "../catalog/images/image-url";
import { toDollars } from "../catalog/product-json";
import type { Database } from "../db/client";
import { categories, products } from "../db/schema";
import type { SuggestedItem } from "./stylist-schemas";
import { isActive } from "../catalog/product-query";

/** A product the stylist may suggest: in stock in at least one colour. */
export interface Candidate {
  id: number;
  name: string;
  priceCents: number;
  garment: string;
  category: string;
  rating: number;
  bestseller: boolean;
  trending: boolean;
  inStockColors: string[];
}

const inStockColors = sql<string[]>`array(select distinct v.color from variants v where v.product_id = ${products.id} and v.on_hand - v.reserved > 0 order by v.color)`;

/** In-stock products within the price bounds, of the given garments and colours, best sellers and top rated first. */
export async function loadCandidates(
  db: Database,
  filter: { garments?: string[]; minCents?: number | null; maxCents?: number | null; colors?: string[]; names?: string[]; limit?: number },
): Promise<Candidate[]> {
  const conditions: SQL[] = [isActive, sql`exists (select 1 from variants v where v.product_id = ${products.id} and v.on_hand - v.reserved > 0)`];
  if (filter.garments?.length) conditions.push(inArray(products.garment, filter.garments));
  if (filter.minCents != null) conditions.push(gte(products.priceCents, filter.minCents));
  if (filter.maxCents != null) conditions.push(lte(products.priceCents, filter.maxCents));
  if (filter.names?.length) conditions.push(inArray(products.name, filter.names));
  if (filter.colors?.length) {
    conditions.push(sql`exists (select 1 from variants v where v.product_id = ${products.id} and v.on_hand - v.reserved > 0 and v.color in (${sql.join(filter.colors.map((c) => sql`${c}`), sql`, `)}))`);
  }
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      priceCents: products.priceCents,
      garment: products.garment,
      category: categories.slug,
      rating: products.rating,
      bestseller: products.bestseller,
      trending: products.trending,
      inStockColors,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(...conditions))
    .orderBy(desc(products.bestseller), desc(products.trending), desc(products.rating), products.id)
    .limit(filter.limit ?? 300);
  return rows.map((r) => ({ ...r, rating: Number(r.rating) }));
}

/** A suggestion in the colour the shopper wanted when it is in stock, else the first colour that is. */
export function toSuggestion(candidate: Candidate, preferredColors: string[] = []): SuggestedItem {
  const color = preferredColors.find((c) => candidate.inStockColors.includes(c)) ?? candidate.inStockColors[0] ?? "";
  return {
    id: candidate.id,
    name: candidate.name,
    price: toDollars(candidate.priceCents),
    color,
    image: productImageUrl(candidate.garment, color, "front"),
    url: `/product/${candidate.id}`,
  };
}
