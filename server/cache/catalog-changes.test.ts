import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { variants } from "../db/schema";
import { releaseStock, reserveStock } from "../orders/stock";
import { refreshProductRating } from "../reviews/review-rows";
import { createTestDatabase, type TestDatabase } from "../test/test-database";
import { type CatalogChange, createCatalogChanges, publishingChangedProducts, stockReturnedSoFar } from "./catalog-changes";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

/** The first variant of a product, with stock to reserve. */
async function variantOf(productId: number) {
  const [row] = await database.db.select({ id: variants.id }).from(variants).where(eq(variants.productId, productId)).orderBy(variants.onHand).limit(1);
  await database.db.update(variants).set({ onHand: 50, reserved: 0 }).where(eq(variants.id, row!.id));
  return row!.id;
}

function recorder() {
  const changes = createCatalogChanges();
  const heard: [CatalogChange, string][] = [];
  changes.subscribe((change, origin) => heard.push([change, origin]));
  return { changes, heard };
}

describe("publishingChangedProducts", () => {
  it("publishes, once the service has returned, the products whose stock it moved", async () => {
    const { changes, heard } = recorder();
    const [two, four] = [await variantOf(2), await variantOf(4)];
    const reserve = publishingChangedProducts(changes, async (lines: { variantId: number; quantity: number }[]) => {
      await database.db.transaction(async (tx) => {
        expect(await reserveStock(tx as unknown as Database, lines)).toBeNull();
      });
      expect(heard).toEqual([]);
      return "reserved";
    });
    expect(await reserve([{ variantId: four, quantity: 1 }, { variantId: two, quantity: 2 }])).toBe("reserved");
    // Stock alone: a product page with stock places is kept (decision 0041).
    expect(heard).toEqual([[{ products: [2, 4], stockOnly: true }, "here"]]);
  });

  it("knows whether a call put stock back on sale (the back-in-stock sender is kicked only then)", async () => {
    const { changes } = recorder();
    const line = { variantId: await variantOf(3), quantity: 1 };
    const seen: (boolean | undefined)[] = [];
    const run = publishingChangedProducts(changes, async (release: boolean) => {
      await database.db.transaction(async (tx) => {
        await reserveStock(tx as unknown as Database, [line]);
        seen.push(stockReturnedSoFar());
        if (release) await releaseStock(tx as unknown as Database, [line]);
      });
      seen.push(stockReturnedSoFar());
    });
    await run(false);
    await run(true);
    expect(seen).toEqual([false, false, false, true]);
    expect(stockReturnedSoFar()).toBeUndefined(); // outside a call: unknown
  });

  it("keeps concurrent calls apart: each publishes only its own products", async () => {
    const { changes, heard } = recorder();
    const ids = [5, 6, 7, 8];
    const lines = await Promise.all(ids.map(async (productId) => ({ variantId: await variantOf(productId), quantity: 1 })));
    const release = publishingChangedProducts(changes, (line: { variantId: number; quantity: number }) =>
      database.db.transaction(async (tx) => {
        await reserveStock(tx as unknown as Database, [line]);
        await releaseStock(tx as unknown as Database, [line]);
      }),
    );
    await Promise.all(lines.map((line) => release(line)));
    expect(heard.map(([change]) => change).sort((a, b) => ("products" in a && "products" in b ? a.products[0]! - b.products[0]! : 0))).toEqual(ids.map((id) => ({ products: [id], stockOnly: true })));
  });

  it("publishes a product whose rating was recomputed, and what was committed before a failure", async () => {
    const { changes, heard } = recorder();
    const variant = await variantOf(9);
    const failing = publishingChangedProducts(changes, async () => {
      await database.db.transaction((tx) => refreshProductRating(tx as unknown as Database, 10));
      await database.db.transaction((tx) => reserveStock(tx as unknown as Database, [{ variantId: variant, quantity: 1 }]));
      throw new Error("payment provider down");
    });
    await expect(failing()).rejects.toThrow("payment provider down");
    // A rating is more than stock: not stockOnly.
    expect(heard).toEqual([[{ products: [9, 10] }, "here"]]);
  });

  it("publishes nothing when nothing changed, and stock moved outside such a call is not collected", async () => {
    const { changes, heard } = recorder();
    const variant = await variantOf(11);
    await publishingChangedProducts(changes, async () => "read only")();
    await database.db.transaction((tx) => reserveStock(tx as unknown as Database, [{ variantId: variant, quantity: 1 }]));
    expect(heard).toEqual([]);
  });
});

describe("createCatalogChanges", () => {
  it("tells every listener whether a change was made here or heard from elsewhere, until it unsubscribes", () => {
    const changes = createCatalogChanges();
    const heard: string[] = [];
    const stop = changes.subscribe((change, origin) => heard.push(`${"all" in change ? "all" : change.products.join(",")} ${origin}`));
    changes.publish({ products: [1, 2] });
    changes.receive({ all: true });
    stop();
    changes.publish({ all: true });
    expect(heard).toEqual(["1,2 here", "all elsewhere"]);
  });
});
