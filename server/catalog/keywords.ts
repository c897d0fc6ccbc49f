import { findCollection } from "../../app/lib/taxonomy";

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

/** The words a product is found by besides its name and description: collection, subcategory, colours, garment. */
export function productKeywords({ category, subcategory, colors, garment }: { category: string; subcategory: string | null; colors: string[]; garment: string }): string {
  const collection = findCollection(category);
  const sub = collection?.subcategories.find((s) => s.slug === subcategory);
  const words = [collection?.name, category, sub?.name, ...colors, garmentWords[garment] ?? garment];
  if (category === "tech-casual") words.push("VSOP streetwear tech-casual premium");
  return words.filter(Boolean).join(" ");
}
