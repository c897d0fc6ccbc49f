/**
 * The shape of the store's collections and subcategories (the rows themselves live in the database, edited by staff
 * at /admin/collections) and the listings that are not collections. Pure: shared by the UI and the server.
 */
export interface Subcategory {
  slug: string;
  name: string;
  description: string;
}

export interface Collection {
  slug: string;
  name: string;
  /** A sentence or two: the collection's banner on the home page and its pages' meta description. */
  description: string;
  /** The line under the heading of its category page. */
  hero: string;
  subcategories: Subcategory[];
  /**
   * The drop whose pieces are all this collection's products (issue 48: VSOP's tech-casual), when there is one: its
   * drop page stands for it, so the storefront's lists of collections leave it out (server/drops/drop-collections.ts).
   */
  drop?: string | null;
}

/**
 * SPEC data about one category, not about drops (which are staff data, issue 48): tech-casual answers to the SPEC's
 * other names (§7: /category/vsop, /api/products/category/streetwear) and its listing is headed "VSOP Collection".
 */
const SPEC_ALIASED = "tech-casual";
export const categoryAliases: Record<string, string> = { vsop: SPEC_ALIASED, streetwear: SPEC_ALIASED };
const specListingTitles: Record<string, string> = { [SPEC_ALIASED]: "VSOP Collection" };

/** Listings that are not stored categories but selections across the catalogue. */
export const selections = {
  sale: "Sale",
  new: "New Arrivals",
} as const;
export type Selection = keyof typeof selections;

/** The slugs a collection can never have: the selections' and the aliases'. */
export const RESERVED_SLUGS = [...Object.keys(selections), ...Object.keys(categoryAliases)];

export function findCollection(collections: readonly Collection[], slug: string): Collection | undefined {
  const resolved = categoryAliases[slug] ?? slug;
  return collections.find((c) => c.slug === resolved);
}

export function isSelection(slug: string): slug is Selection {
  return Object.hasOwn(selections, slug);
}

/** The heading of a listing page, or null when the path names no collection. */
export function listingTitle(collections: readonly Collection[], category?: string, subcategory?: string): string | null {
  if (!category) return "All Products";
  if (isSelection(category)) return subcategory ? null : selections[category];
  const collection = findCollection(collections, category);
  if (!collection) return null;
  const specTitle = specListingTitles[collection.slug];
  if (specTitle) return subcategory ? null : specTitle;
  if (!subcategory) return `${collection.name} Collection`;
  const sub = collection.subcategories.find((s) => s.slug === subcategory);
  return sub ? `${collection.name} ${sub.name}` : null;
}
