import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client";
import { createTestDatabase } from "../test/test-database";
import { browseCatalog } from "./browse-catalog";
import { listFacets } from "./list-facets";
import { compareSizes } from "./sizes";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe("listFacets", () => {
  it("gives the colours and sizes of a listing's products, sizes in chart order", async () => {
    const facets = await listFacets({ db: database.db, scope: { kind: "subcategory", category: "men", subcategory: "jeans" } });
    expect(facets.sizes).toEqual(["28", "30", "32", "34", "36", "38"]);
    expect(new Set(facets.colors)).toEqual(new Set(["Blue", "Black", "Gray"]));
    expect(facets.colors[0]).toBe("Blue");
  });

  it("comes with a listing page, and an unknown category is null", async () => {
    const page = await browseCatalog({ db: database.db, category: "kids", params: new URLSearchParams("colors=pink") });
    expect(page?.facets.sizes[0]).toBe("0-3M");
    expect(page?.page.products.every((p) => p.colors.includes("Pink"))).toBe(true);
    expect(await browseCatalog({ db: database.db, category: "pets", params: new URLSearchParams() })).toBeNull();
  });
});

describe("compareSizes", () => {
  it("orders a size chart", () => {
    expect(["XL", "One Size", "S", "3XL", "M", "XS", "2XL", "L"].sort(compareSizes)).toEqual(["XS", "S", "M", "L", "XL", "2XL", "3XL", "One Size"]);
    expect(["12-18M", "0-3M", "6-12M", "3-6M"].sort(compareSizes)).toEqual(["0-3M", "3-6M", "6-12M", "12-18M"]);
    expect(["10", "4", "8", "12"].sort(compareSizes)).toEqual(["4", "8", "10", "12"]);
  });
});
