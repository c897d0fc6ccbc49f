import { findCollection, isSelection, selections, VSOP_CATEGORY } from "./taxonomy";

/** The heading of a listing page, or null when the path names no collection. */
export function listingTitle(category?: string, subcategory?: string): string | null {
  if (!category) return "All Products";
  if (isSelection(category)) return subcategory ? null : selections[category];
  const collection = findCollection(category);
  if (!collection) return null;
  if (collection.slug === VSOP_CATEGORY) return subcategory ? null : "VSOP Collection";
  if (!subcategory) return `${collection.name} Collection`;
  const sub = collection.subcategories.find((s) => s.slug === subcategory);
  return sub ? `${collection.name} ${sub.name}` : null;
}
