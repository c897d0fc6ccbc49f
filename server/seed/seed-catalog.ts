import { count, sql } from "drizzle-orm";
import { seedCollections } from "./collections-data";
import type { Database } from "../db/client";
import { handleFrom, skuFor } from "../catalog/handles";
import { productKeywords } from "../catalog/keywords";
import { categories, products, variants } from "../db/schema";
import { seedProducts, type SeedProduct } from "./catalog-data";
import { createRandom, randomInt } from "./random";

/** Products are dated back from here, one a day, so "newest" has a stable order. */
const CATALOG_EPOCH = Date.UTC(2026, 9, 1);
const DAY = 86_400_000;
/** What a gift card's amounts hold "in stock": a card is made when bought, so it never runs out. */
const GIFT_CARD_STOCK = 1_000_000;

export async function isCatalogEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(products);
  return (row?.n ?? 0) === 0;
}

/**
 * Writes the demo catalogue. Idempotent: categories and products are upserted by their natural keys and ids;
 * existing variants keep their stock (orders may have moved it), missing ones are added.
 */
export async function seedCatalog(db: Database): Promise<{ products: number; variants: number }> {
  return db.transaction(async (tx) => {
    const categoryIds = await upsertCategories(tx as unknown as Database);
    const productRows = seedProducts.map((p, i) => toProductRow(p, i + 1, categoryIds));
    await tx
      .insert(products)
      .values(productRows)
      .onConflictDoUpdate({ target: products.id, set: excludedColumns(productRows[0]!) });
    await tx.execute(sql`select setval(pg_get_serial_sequence('products', 'id'), (select max(id) from products))`);
    const variantRows = seedProducts.flatMap((p, i) => toVariantRows(p, i + 1, productRows[i]!));
    // Stock stays as orders left it; prices follow the seed, like the products' own.
    await tx
      .insert(variants)
      .values(variantRows)
      .onConflictDoUpdate({ target: [variants.productId, variants.color, variants.size], set: { priceCents: sql`excluded.price_cents`, compareAtCents: sql`excluded.compare_at_cents` } });
    return { products: productRows.length, variants: variantRows.length };
  });
}

export async function upsertCategories(db: Database): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [position, collection] of seedCollections.entries()) {
    const parentId = await upsertCategory(db, { slug: collection.slug, name: collection.name, description: collection.description, hero: collection.hero, parentId: null, position });
    ids.set(collection.slug, parentId);
    for (const [subPosition, sub] of collection.subcategories.entries()) {
      const id = await upsertCategory(db, { slug: sub.slug, name: sub.name, description: sub.description, parentId, position: subPosition });
      ids.set(`${collection.slug}/${sub.slug}`, id);
    }
  }
  return ids;
}

async function upsertCategory(db: Database, row: typeof categories.$inferInsert): Promise<number> {
  const [saved] = await db
    .insert(categories)
    .values(row)
    .onConflictDoUpdate({ target: [categories.parentId, categories.slug], set: { name: row.name, description: row.description, hero: row.hero, position: row.position } })
    .returning({ id: categories.id });
  return saved!.id;
}

function toProductRow(p: SeedProduct, id: number, categoryIds: Map<string, number>): typeof products.$inferInsert {
  const categoryId = categoryIds.get(p.category);
  if (!categoryId) throw new Error(`Seed product ${p.name}: unknown category ${p.category}`);
  return {
    id,
    name: p.name,
    handle: handleFrom(p.name),
    description: p.description,
    priceCents: Math.round(p.price * 100),
    compareAtCents: p.compareAt === null ? null : Math.round(p.compareAt * 100),
    categoryId,
    subcategoryId: p.subcategory ? (categoryIds.get(`${p.category}/${p.subcategory}`) ?? null) : null,
    garment: p.garment,
    // Seeded before any drop: seedDrops adds its drop's name to its pieces' words.
    keywords: productKeywords({ ...p, ...collectionNames(p), dropNames: [] }),
    colors: p.colors,
    sizes: [...p.sizes],
    featured: p.flags.includes("f"),
    isNew: p.flags.includes("n"),
    preorder: p.flags.includes("p"),
    giftCard: p.flags.includes("g"),
    trending: p.flags.includes("t"),
    bestseller: p.flags.includes("b"),
    hot: p.flags.includes("h"),
    createdAt: new Date(CATALOG_EPOCH - (id - 1) * DAY),
    updatedAt: new Date(CATALOG_EPOCH - (id - 1) * DAY),
  };
}

function collectionNames(p: SeedProduct) {
  const collection = seedCollections.find((c) => c.slug === p.category)!;
  return { collectionName: collection.name, subcategoryName: collection.subcategories.find((s) => s.slug === p.subcategory)?.name ?? null };
}

/** Stock per colour × size: mostly healthy, some low (1-3), some sold out; VSOP is a small limited run. */
function toVariantRows(p: SeedProduct, productId: number, { priceCents, compareAtCents }: typeof products.$inferInsert): (typeof variants.$inferInsert)[] {
  const random = createRandom(productId * 104729);
  return p.colors.flatMap((color) =>
    p.sizes.map((size) => {
      const roll = random();
      // A gift card is never out: its "stock" is a code made when it is bought; each amount is its own price.
      if (p.flags.includes("g")) return { productId, color, size, sku: skuFor(productId, color, size), priceCents: Math.round(Number(size.replace(/[^0-9.]/g, "")) * 100), compareAtCents: null, onHand: GIFT_CARD_STOCK };
      const onHand = p.flags.includes("p")
        ? randomInt(random, 6, 20)
        : roll < 0.08 ? 0 : roll < 0.2 ? randomInt(random, 1, 3) : randomInt(random, 6, 40);
      return { productId, color, size, sku: skuFor(productId, color, size), priceCents, compareAtCents, onHand };
    }),
  );
}


/** `set` clause for an upsert: every inserted column except the key takes the proposed value. */
function excludedColumns(row: typeof products.$inferInsert) {
  const columns = products as unknown as Record<string, { name: string }>;
  return Object.fromEntries(
    Object.keys(row)
      .filter((key) => key !== "id")
      .map((key) => [key, sql.raw(`excluded."${columns[key]!.name}"`)]),
  );
}
