import { afterAll, beforeAll, expect, it } from "vitest";
import { createCatalogChanges } from "../cache/catalog-changes";
import { listCollections } from "../catalog/collections";
import { products } from "../db/schema";
import { createTestDatabase, type TestDatabase } from "../test/test-database";
import { createSearchService, type SearchService } from "./search-service";

// The header's suggestions rank only the names that start with what was typed and the most reviewed matches
// (search-products.ts): with more matches than that, they must still be the search page's first six.
let database: TestDatabase;
let search: SearchService;
beforeAll(async () => {
  database = await createTestDatabase();
  const product = (name: string, reviewCount: number) => ({
    name,
    handle: name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/-$/, ""),
    description: "Sturdy twill with deep pockets.",
    priceCents: 6900,
    categoryId: 1,
    garment: "pants",
    colors: ["Black"],
    sizes: ["M"],
    reviewCount,
  });
  // 120 well-reviewed matches whose names hold the words, and unreviewed ones whose names are, or start with, them.
  await database.db.insert(products).values([
    ...Array.from({ length: 120 }, (_, i) => product(`Weekend Cargo Trouser No. ${i + 1}`, 10 + i)),
    product("Weekend Cargo Trouser", 0),
    product("Cargo Trouser Slim", 0),
    product("Cargo Trouser", 0),
  ]);
  search = createSearchService({ db: database.db, catalogChanges: createCatalogChanges(), now: () => new Date(), collections: () => listCollections(database.db) });
});
afterAll(() => database?.close());

it("suggests what the search page shows first, even among more matches than it ranks", async () => {
  const suggested = (await search.suggest({ q: "cargo trouser" })).products.map((p) => p.name);
  expect(suggested).toEqual(["Cargo Trouser", "Cargo Trouser Slim", "Weekend Cargo Trouser No. 120", "Weekend Cargo Trouser No. 119", "Weekend Cargo Trouser No. 118", "Weekend Cargo Trouser No. 117"]);
  const page = await search.searchProducts({ text: "cargo trouser", query: {} });
  expect(page.total).toBe(123);
  expect(page.products.slice(0, 6).map((p) => p.name)).toEqual(suggested);
});

it("puts a name typed in full first, among more better-reviewed names that start with it than it ranks", async () => {
  const suggested = (await search.suggest({ q: "weekend cargo trouser" })).products.map((p) => p.name);
  expect(suggested.slice(0, 2)).toEqual(["Weekend Cargo Trouser", "Weekend Cargo Trouser No. 120"]);
});
