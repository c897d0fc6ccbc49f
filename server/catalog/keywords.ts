import { VSOP_CATEGORY } from "../../shared/taxonomy";

const garmentWords: Record<string, string> = {
  tshirt: "t-shirt tee shirt",
  longsleeve: "long sleeve shirt top",
  hoodie: "hoodie sweatshirt",
  jacket: "jacket coat outerwear",
  jeans: "jeans denim",
  pants: "pants trousers",
  shorts: "shorts",
  dress: "dress",
  skirt: "skirt",
  top: "top blouse shirt",
  cap: "cap hat",
  beanie: "beanie hat",
  bag: "bag",
  scarf: "scarf",
  belt: "belt",
  socks: "socks",
  onesie: "bodysuit romper baby",
  set: "set hoodie shorts",
};

/**
 * The words a product is found by besides its name and description: collection and subcategory names, colours,
 * garment. Names come from the database, so renaming a collection redoes its products' words (collections.ts).
 */
export function productKeywords({ category, collectionName, subcategoryName, colors, garment }: { category: string; collectionName: string | null; subcategoryName: string | null; colors: string[]; garment: string }): string {
  const words = [collectionName, category, subcategoryName, ...colors, garmentWords[garment] ?? garment];
  if (category === VSOP_CATEGORY) words.push("VSOP streetwear tech-casual premium");
  return words.filter(Boolean).join(" ");
}
