import { categoryAliases } from "../../shared/taxonomy";

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

/** The store listings that stand for a collection (SPEC: /category/vsop and /category/streetwear show tech-casual). */
const aliasesOf = (category: string) => Object.keys(categoryAliases).filter((alias) => categoryAliases[alias] === category);

/**
 * The words a product is found by besides its name and description: collection and subcategory names, the listings
 * that alias its collection, colours, garment, and the names of the drops it is in (a drop's pieces are found by its
 * name, issue 48). Names come from the database, so renaming a collection or changing a drop redoes its products'
 * words (refresh-keywords.ts).
 */
export function productKeywords({ category, collectionName, subcategoryName, colors, garment, dropNames }: { category: string; collectionName: string | null; subcategoryName: string | null; colors: string[]; garment: string; dropNames: string[] }): string {
  const words = [collectionName, category, ...aliasesOf(category), subcategoryName, ...colors, garmentWords[garment] ?? garment, ...dropNames];
  return words.filter(Boolean).join(" ");
}
