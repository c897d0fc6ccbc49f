import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client";
import { products, variants } from "../db/schema";
import { seedCatalog } from "./seed-catalog";
import { seedProducts } from "./catalog-data";
import { createTestDatabase } from "../test/test-database";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe("catalogue schema", () => {
  it("refuses stock that would go negative or reserve more than is on hand", async () => {
    const { db } = database;
    const [variant] = await db.select().from(variants).where(eq(variants.productId, 2)).limit(1);
    await expect(db.update(variants).set({ onHand: -1 }).where(eq(variants.id, variant!.id))).rejects.toThrow();
    await expect(db.update(variants).set({ reserved: variant!.onHand + 1 }).where(eq(variants.id, variant!.id))).rejects.toThrow();
    await expect(db.update(variants).set({ reserved: -1 }).where(eq(variants.id, variant!.id))).rejects.toThrow();
  });

  it("refuses a compare-at price that is not above the price", async () => {
    await expect(database.db.update(products).set({ compareAtCents: 100 }).where(eq(products.id, 5))).rejects.toThrow();
  });
});

describe("seedCatalog", () => {
  it("is idempotent and keeps stock that orders have moved", async () => {
    const { db } = database;
    const [variant] = await db.select().from(variants).where(eq(variants.productId, 7)).limit(1);
    await db.update(variants).set({ onHand: 5, reserved: 2 }).where(eq(variants.id, variant!.id));
    const counts = await seedCatalog(db);
    expect(counts.products).toBe(seedProducts.length);
    const [productCount] = await db.select({ n: count() }).from(products);
    const [variantCount] = await db.select({ n: count() }).from(variants);
    expect({ products: productCount!.n, variants: variantCount!.n }).toEqual(counts);
    const [after] = await db.select().from(variants).where(eq(variants.id, variant!.id));
    expect(after).toMatchObject({ onHand: 5, reserved: 2 });
  });

  it("keeps new products after the seeded ids", async () => {
    const [created] = await database.db
      .insert(products)
      .values({ name: "Test Tee", handle: "test-tee", description: "x", priceCents: 1000, categoryId: 1, garment: "tshirt", colors: ["Black"], sizes: ["M"] })
      .returning({ id: products.id });
    expect(created!.id).toBe(seedProducts.length + 1);
  });
});
