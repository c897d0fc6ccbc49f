import { count, sql } from "drizzle-orm";
import { seedCollections } from "./collections-data";
import { productKeywords } from "../catalog/keywords";
import type { Database } from "../db/client";
import { products, variants } from "../db/schema";
import { createRandom, randomInt } from "./random";
import { handleFrom, skuFor } from "../catalog/handles";
import { seedCatalog, upsertCategories } from "./seed-catalog";

const garmentsBySubcategory: Record<string, string[]> = {
  "t-shirts": ["tshirt", "longsleeve"], hoodies: ["hoodie"], jeans: ["jeans"], accessories: ["cap", "beanie", "bag", "scarf", "belt"],
  dresses: ["dress"], tops: ["top", "tshirt"], bottoms: ["pants", "skirt", "shorts"], boys: ["tshirt", "hoodie", "shorts", "jacket"],
  girls: ["dress", "tshirt", "skirt", "jacket"], infants: ["onesie", "pants"],
};
const adjectives = ["Everyday", "Relaxed", "Classic", "Heritage", "Studio", "Coastal", "Urban", "Weekend", "Essential", "Vintage", "Organic", "Tailored", "Cozy", "Summit", "Harbor"];
const nouns: Record<string, string> = {
  tshirt: "Tee", longsleeve: "Long Sleeve", hoodie: "Hoodie", jeans: "Jeans", cap: "Cap", beanie: "Beanie", bag: "Tote", scarf: "Scarf", belt: "Belt",
  dress: "Dress", top: "Blouse", pants: "Trousers", skirt: "Skirt", shorts: "Shorts", jacket: "Jacket", onesie: "Bodysuit",
};
const colors = ["Black", "White", "Gray", "Navy", "Blue", "Red", "Green", "Olive", "Purple", "Yellow", "Pink", "Brown", "Beige"];
const sizes = ["XS", "S", "M", "L", "XL", "XXL"];
const BATCH = 1000;

/**
 * Tops the catalogue up to `target` products with synthetic ones (colour × size variants), for performance work.
 * Deterministic: the same count gives the same catalogue. Reports progress through `progress`.
 */
export async function seedLargeCatalog(db: Database, target: number, progress: (made: number, seconds: number) => void = () => {}): Promise<number> {
  await seedCatalog(db);
  const categoryIds = await upsertCategories(db);
  const leaves = seedCollections.flatMap((c) => c.subcategories.map((s) => ({ category: c.slug, subcategory: s.slug, collectionName: c.name, subcategoryName: s.name })));
  const [existing] = await db.select({ n: count() }).from(products);
  let made = existing?.n ?? 0;
  const started = Date.now();
  while (made < target) {
    const size = Math.min(BATCH, target - made);
    const rows = Array.from({ length: size }, (_, i) => {
      const n = made + i + 1;
      const random = createRandom(n * 2654435761);
      const leaf = leaves[n % leaves.length]!;
      const garmentChoices = garmentsBySubcategory[leaf.subcategory]!;
      const garment = garmentChoices[randomInt(random, 0, garmentChoices.length - 1)]!;
      const price = randomInt(random, 12, 180) * 100 + 99;
      const productColors = [...new Set([colors[randomInt(random, 0, colors.length - 1)]!, colors[randomInt(random, 0, colors.length - 1)]!])];
      return {
        name: `${adjectives[n % adjectives.length]} ${nouns[garment]} No. ${n}`,
        handle: handleFrom(`${adjectives[n % adjectives.length]} ${nouns[garment]} ${n}`),
        description: `A ${adjectives[n % adjectives.length]!.toLowerCase()} ${nouns[garment]!.toLowerCase()} for every day, in durable, comfortable fabric.`,
        priceCents: price,
        compareAtCents: random() < 0.15 ? price + randomInt(random, 5, 40) * 100 : null,
        categoryId: categoryIds.get(leaf.category)!,
        subcategoryId: categoryIds.get(`${leaf.category}/${leaf.subcategory}`)!,
        garment,
        keywords: productKeywords({ category: leaf.category, collectionName: leaf.collectionName, subcategoryName: leaf.subcategoryName, colors: productColors, garment, dropNames: [] }),
        colors: productColors,
        sizes: sizes.slice(randomInt(random, 0, 1), randomInt(random, 4, 6)),
        isNew: random() < 0.05,
        featured: false,
        createdAt: new Date(Date.UTC(2024, 0, 1) + randomInt(random, 0, 700) * 86_400_000),
      };
    }).map((row) => ({ ...row, updatedAt: row.createdAt }));
    await db.transaction(async (tx) => {
      const ids = await tx.insert(products).values(rows).returning({ id: products.id });
      const variantRows = ids.flatMap(({ id }, i) =>
        rows[i]!.colors.flatMap((color) => rows[i]!.sizes.map((s) => ({ productId: id, color, size: s, sku: skuFor(id, color, s), priceCents: rows[i]!.priceCents, compareAtCents: rows[i]!.compareAtCents, onHand: (id * 7 + s.length) % 40 }))),
      );
      for (let at = 0; at < variantRows.length; at += 4000) await tx.insert(variants).values(variantRows.slice(at, at + 4000));
    });
    made += size;
    if (made % 10_000 < BATCH || made === target) progress(made, Math.round((Date.now() - started) / 1000));
  }
  // Fresh statistics and visibility, so the planner picks the listing indexes at once.
  await db.execute(sql`vacuum (analyze) products`);
  await db.execute(sql`vacuum (analyze) variants`);
  return made;
}
