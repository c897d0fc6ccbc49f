/**
 * The store's collections and their subcategories: the navigation, the category pages, the API's
 * category names and the seed all read them from here.
 */
export interface Subcategory {
  slug: string;
  name: string;
}

export interface Collection {
  slug: string;
  name: string;
  subcategories: Subcategory[];
}

export const collections: Collection[] = [
  {
    slug: "men",
    name: "Men's",
    subcategories: [
      { slug: "t-shirts", name: "T-Shirts" },
      { slug: "hoodies", name: "Hoodies" },
      { slug: "jeans", name: "Jeans" },
      { slug: "accessories", name: "Accessories" },
    ],
  },
  {
    slug: "women",
    name: "Women's",
    subcategories: [
      { slug: "dresses", name: "Dresses" },
      { slug: "tops", name: "Tops" },
      { slug: "bottoms", name: "Bottoms" },
      { slug: "accessories", name: "Accessories" },
    ],
  },
  {
    slug: "kids",
    name: "Kids'",
    subcategories: [
      { slug: "boys", name: "Boys" },
      { slug: "girls", name: "Girls" },
      { slug: "infants", name: "Infants" },
    ],
  },
  { slug: "tech-casual", name: "VSOP", subcategories: [] },
];

/** The VSOP collection's stored category, and the other names it answers to (SPEC §7). */
export const VSOP_CATEGORY = "tech-casual";
export const categoryAliases: Record<string, string> = { vsop: VSOP_CATEGORY, streetwear: VSOP_CATEGORY };

/** Listings that are not stored categories but selections across the catalogue. */
export const selections = {
  sale: "Sale",
  new: "New Arrivals",
} as const;
export type Selection = keyof typeof selections;

export function findCollection(slug: string): Collection | undefined {
  const resolved = categoryAliases[slug] ?? slug;
  return collections.find((c) => c.slug === resolved);
}

export function isSelection(slug: string): slug is Selection {
  return Object.hasOwn(selections, slug);
}
