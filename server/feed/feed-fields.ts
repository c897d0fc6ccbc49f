/** Meta commerce catalog values derived from our catalogue (Meta's "commerce catalog fields" reference). */
const categories: Record<string, string> = {
  tshirt: "Apparel & Accessories > Clothing > Shirts & Tops",
  longsleeve: "Apparel & Accessories > Clothing > Shirts & Tops",
  top: "Apparel & Accessories > Clothing > Shirts & Tops",
  hoodie: "Apparel & Accessories > Clothing > Shirts & Tops",
  jacket: "Apparel & Accessories > Clothing > Outerwear > Coats & Jackets",
  jeans: "Apparel & Accessories > Clothing > Pants",
  pants: "Apparel & Accessories > Clothing > Pants",
  shorts: "Apparel & Accessories > Clothing > Shorts",
  dress: "Apparel & Accessories > Clothing > Dresses",
  skirt: "Apparel & Accessories > Clothing > Skirts",
  cap: "Apparel & Accessories > Clothing Accessories > Hats",
  beanie: "Apparel & Accessories > Clothing Accessories > Hats",
  bag: "Apparel & Accessories > Handbags, Wallets & Cases > Handbags",
  scarf: "Apparel & Accessories > Clothing Accessories > Scarves & Shawls",
  belt: "Apparel & Accessories > Clothing Accessories > Belts",
  socks: "Apparel & Accessories > Clothing > Underwear & Socks > Socks",
  onesie: "Apparel & Accessories > Clothing > Baby & Toddler Clothing > Baby One-Pieces",
  set: "Apparel & Accessories > Clothing > Outfit Sets",
};

export const googleCategory = (garment: string) => categories[garment] ?? "Apparel & Accessories > Clothing";

export function gender(category: string): "male" | "female" | "unisex" {
  return category === "men" ? "male" : category === "women" ? "female" : "unisex";
}

export function ageGroup(category: string, subcategory: string | null): "adult" | "kids" | "infant" {
  if (category !== "kids") return "adult";
  return subcategory === "infants" ? "infant" : "kids";
}

export type Availability = "in stock" | "out of stock" | "preorder";

export function availability({ preorder, available }: { preorder: boolean; available: number }): Availability {
  if (available <= 0) return "out of stock";
  return preorder ? "preorder" : "in stock";
}

/** "149.99 USD" */
export const feedPrice = (cents: number) => `${(cents / 100).toFixed(2)} USD`;

/** Plain text: no markup, no control characters, within Meta's 9,999-character limit. */
export const plainText = (text: string, max = 9999) =>
  text
    .replace(/<[^>]*>/g, " ")
    // Control characters would break the feed; they are exactly what this pattern matches.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max);
