import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { variants } from "../db/schema";
import { releaseStock, reserveStock } from "../orders/stock";
import { refreshProductRating } from "../reviews/review-rows";
import { createTestDatabase, type TestDatabase } from "../test/test-database";
import { type CatalogChange, committingStock, createCatalogChanges, publishingChangedProducts, stockReturnedSoFar } from "./catalog-changes";

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

describe("committingStock: a stock move's figures go with its change once committed (decision 0043)", () => {
  beforeAll(() => void committingStock(database.db));
  const stockOf = async (id: number) => {
    const [row] = await database.db.select({ available: sql<number>`${variants.onHand} - ${variants.reserved}`, version: variants.stockVersion }).from(variants).where(eq(variants.id, id));
    return row!;
  };

  it("carries each variant's committed stock and version, the latest of the call's moves", async () => {
    const { changes, heard } = recorder();
    const [two, four] = [await variantOf(12), await variantOf(14)];
    const versionBefore = (await stockOf(two)).version;
    const call = publishingChangedProducts(changes, async () => {
      await database.db.transaction((tx) => reserveStock(tx as unknown as Database, [{ variantId: two, quantity: 2 }, { variantId: four, quantity: 1 }]));
      await database.db.transaction((tx) => releaseStock(tx as unknown as Database, [{ variantId: two, quantity: 1 }]));
    });
    await call();
    expect(heard).toEqual([
      [
        {
          products: [12, 14],
          stockOnly: true,
          stock: expect.arrayContaining([
            { product: 12, variant: two, ...(await stockOf(two)) },
            { product: 14, variant: four, ...(await stockOf(four)) },
          ]),
        },
        "here",
      ],
    ]);
    expect(await stockOf(two)).toEqual({ available: 49, version: versionBefore + 2 });
  });

  it("carries no figures from a transaction that rolled back, nor from a reservation that fell short", async () => {
    const { changes, heard } = recorder();
    const [one, other] = [await variantOf(15), await variantOf(16)];
    const rolledBack = publishingChangedProducts(changes, async () => {
      await database.db
        .transaction(async (tx) => {
          await reserveStock(tx as unknown as Database, [{ variantId: one, quantity: 1 }]);
          throw new Error("card declined");
        })
        .catch(() => "answered with the decline");
    });
    await rolledBack();
    expect(heard).toEqual([[{ products: [15], stockOnly: true }, "here"]]);
    const short = publishingChangedProducts(changes, () =>
      database.db.transaction(async (tx) => {
        // The first line is reserved, the second can't be: nothing is noted, and the caller rolls back.
        expect(await reserveStock(tx as unknown as Database, [{ variantId: one, quantity: 1 }, { variantId: other, quantity: 51 }])).toEqual({ variantId: other, quantity: 51 });
        tx.rollback();
      }),
    );
    await expect(short()).rejects.toThrow();
    expect(heard).toHaveLength(1);
    expect(await stockOf(one)).toMatchObject({ available: 50 });
  });

  it("raises a variant's version on every write to its stock, a staff edit's too", async () => {
    const variant = await variantOf(17);
    const { version } = await stockOf(variant);
    await database.db.update(variants).set({ onHand: 40 }).where(eq(variants.id, variant));
    expect(await stockOf(variant)).toEqual({ available: 40, version: version + 1 });
    await database.db.update(variants).set({ sku: "SKU-17-RENAMED" }).where(eq(variants.id, variant));
    expect((await stockOf(variant)).version).toBe(version + 1);
  });
});
