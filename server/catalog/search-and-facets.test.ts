import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client";
import { createTestDatabase } from "../test/test-database";
import { browseCatalog } from "./browse-catalog";
import { listFacets } from "./list-facets";
import { searchProducts, toPrefixQuery } from "./search-products";
import { compareSizes } from "./sizes";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe("toPrefixQuery", () => {
  it("makes every word a prefix term and drops syntax characters", () => {
    expect(toPrefixQuery("  Linen  dres ")).toBe("linen:* & dres:*");
    expect(toPrefixQuery("t-shirt's & (hoodie) | !x:*")).toBe("t:* & shirt:* & s:* & hoodie:* & x:*");
    expect(toPrefixQuery(" !!! ")).toBeNull();
  });
});

describe("searchProducts", () => {
  const search = (text: string, query = {}) => searchProducts({ db: database.db, text, query });

  it("ranks name matches first and finds words while typing", async () => {
    const result = await search("linen dres");
    expect(result.products[0]?.name).toBe("Linen Wrap Midi Dress");
    expect((await search("hood")).products.length).toBeGreaterThan(5);
  });

  it("searches category, colour and garment words", async () => {
    const vsop = await search("vsop");
    expect(vsop.products.map((p) => p.id).sort()).toEqual([1, 2, 3]);
    const denim = await search("denim");
    expect(denim.products.every((p) => /jean|denim/i.test(p.name + p.description))).toBe(true);
    const pinkKids = await search("pink kids");
    expect(pinkKids.total).toBeGreaterThan(0);
    expect(pinkKids.products.every((p) => p.category === "kids" && p.colors.includes("Pink"))).toBe(true);
  });

  it("answers nothing for an empty or unmatched query, never an error", async () => {
    expect((await search("   ")).total).toBe(0);
    expect((await search("zzzqqq")).total).toBe(0);
    expect((await search("'); drop table products; --")).total).toBe(0);
  });

  it("applies filters and sort to the results", async () => {
    const result = await search("tee", { sort: "price-low", maxPrice: 2500 });
    const prices = result.products.map((p) => p.price);
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((p) => p <= 25)).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });
});

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
