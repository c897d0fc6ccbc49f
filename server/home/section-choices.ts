/**
 * What staff pick from on /admin/home: pure data (no runtime imports), so the staff page may import it.
 * The types themselves are HOME_SECTION_TYPES in server/db/schema.ts; each one's settings are checked by ./section-schemas.ts.
 */
import type { HomeSectionType } from "../db/schema";

export const HOME_SECTION_CHOICES: readonly { type: HomeSectionType; label: string; description: string }[] = [
  { type: "hero", label: "Hero", description: "The drop's headline, countdown and pre-order buttons" },
  { type: "featured_collection", label: "Featured collection", description: "Products from one collection" },
  { type: "product_grid", label: "Product grid", description: "Featured, new, sale or a collection's products" },
  { type: "rich_text", label: "Rich text", description: "Headings, paragraphs and links" },
  { type: "image_text", label: "Image with text", description: "A store photo beside a heading, text and a button" },
  { type: "newsletter", label: "Newsletter sign-up", description: "The VIP early-access form" },
  { type: "coming_soon", label: "Coming soon", description: "The tiles of categories on the way" },
  { type: "collection_banners", label: "Collection banners", description: "A banner for each collection" },
  { type: "collection_links", label: "Collection links", description: "Each collection with its subcategories" },
  { type: "feature_displays", label: "Feature displays", description: "Premium Quality and Unique Designs" },
  { type: "vsop_strip", label: "VSOP phone strip", description: "A VSOP piece, shown on phones only" },
  { type: "social_follow", label: "Social follow", description: "The store's social links and tiles" },
];

export const sectionLabel = (type: HomeSectionType) => HOME_SECTION_CHOICES.find((c) => c.type === type)?.label ?? type;

/** Where a product grid's products come from. */
export const PRODUCT_GRID_SOURCES = [
  ["featured", "Featured products"],
  ["new", "New arrivals"],
  ["sale", "On sale"],
  ["collection", "A collection"],
] as const;
export type ProductGridSource = (typeof PRODUCT_GRID_SOURCES)[number][0];

/** The most products a grid or a featured collection shows. */
export const MAX_SECTION_PRODUCTS = 12;

/** Types whose settings are an optional heading (and text) over the section's own copy. */
export const HEADING_OVERRIDES: Partial<Record<HomeSectionType, { text: boolean }>> = {
  hero: { text: false },
  coming_soon: { text: true },
  collection_banners: { text: false },
  social_follow: { text: false },
  newsletter: { text: true },
};

/** A new section's settings: valid as they are for every type but rich text and image with text, which staff fill in. */
export function startingSettings(type: HomeSectionType): Record<string, unknown> {
  if (type === "product_grid") return { title: "New arrivals", source: "new", limit: 4 };
  if (type === "featured_collection") return { collection: "", limit: 4 };
  if (type === "rich_text") return { doc: { type: "doc", content: [] } };
  if (type === "image_text") return { heading: "", text: "" };
  return {};
}
