import type { Database } from "../db/client";
import { AppError } from "../errors";
import { parseListingQueryLenient, type ListingQuery } from "./listing-query";
import { listProducts, type ListingScope } from "./list-products";
import type { ProductPage } from "./product-types";

/** /category/{category}[/{subcategory}] and /products: which products a path lists before filters. */
export function scopeForPath(category?: string, subcategory?: string): ListingScope {
  if (!category) return { kind: "all" };
  if (subcategory) return { kind: "subcategory", category, subcategory };
  if (category === "sale" || category === "new") return { kind: category };
  return { kind: "category", category };
}

/** A listing page's products, filtered, sorted and paged from its URL; null when the category does not exist. */
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
}): Promise<{ page: ProductPage; query: ListingQuery } | null> {
  const query = parseListingQueryLenient(params);
  try {
    const page = await listProducts({ db, scope: scopeForPath(category, subcategory), query });
    return { page, query };
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return null;
    throw error;
  }
}
