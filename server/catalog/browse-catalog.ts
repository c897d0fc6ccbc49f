import type { Database } from "../db/client";
import { AppError } from "../errors";
import { parseListingQueryLenient, type ListingQuery } from "./listing-query";
import { type Facets, listFacets } from "./list-facets";
import { listProducts, type ListingScope } from "./list-products";
import type { ProductPage } from "./product-types";

/** /category/{category}[/{subcategory}] and /products: which products a path lists before filters. */
export function scopeForPath(category?: string, subcategory?: string): ListingScope {
  if (!category) return { kind: "all" };
  if (subcategory) return { kind: "subcategory", category, subcategory };
  if (category === "sale" || category === "new") return { kind: category };
  return { kind: "category", category };
}

/** A listing page's products and filter choices, filtered, sorted and paged from its URL; null when the category does not exist. */
export async function browseCatalog({
  db,
  category,
  subcategory,
  params,
}: {
  db: Database;
  category?: string;
  subcategory?: string;
  params: URLSearchParams;
}): Promise<{ page: ProductPage; query: ListingQuery; facets: Facets } | null> {
  const query = parseListingQueryLenient(params);
  const scope = scopeForPath(category, subcategory);
  try {
    const [page, facets] = await Promise.all([listProducts({ db, scope, query }), listFacets({ db, scope })]);
    return { page, query, facets };
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return null;
    throw error;
  }
}
