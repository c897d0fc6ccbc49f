import { like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCatalogChanges } from "../cache/catalog-changes";
import { listCollections } from "../catalog/collections";
import { searchMisses } from "../db/schema";
import { createTestDatabase, type TestDatabase } from "../test/test-database";
import { seedSynonyms } from "../seed/seed-synonyms";
import { createSearchService, type SearchService } from "./search-service";

let database: TestDatabase;
let search: SearchService;
const now = new Date("2026-11-25T12:00:00Z");
beforeAll(async () => {
  database = await createTestDatabase();
  await seedSynonyms(database.db);
  search = createSearchService({ db: database.db, catalogChanges: createCatalogChanges(), now: () => now, collections: () => listCollections(database.db) });
});
afterAll(() => database?.close());

const find = (text: string, query = {}) => search.searchProducts({ text, query });

/**
 * Queries a shopper types (issue 33) and what must come first: `first`, these products in this order; `top`, each of
 * the first two results' names matches (at least one result). `corrected`: what the page says it searched instead.
 * The misspellings are real ones (transposed, doubled, dropped and wrong letters, as typed on phone keyboards).
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const cases: { q: string; first?: string[]; top?: RegExp; corrected?: string; none?: true }[] = [
  // Misspellings
  { q: "hodie", top: /hoodie/i, corrected: "hoodie" },
  { q: "hoodei", top: /hoodie/i, corrected: "hoodie" },
  { q: "hoddie", top: /hoodie/i, corrected: "hoodie" },
  { q: "hooide", top: /hoodie/i, corrected: "hoodie" },
  { q: "jens", top: /jeans|denim/i, corrected: "jeans" },
  { q: "jeens", top: /jeans|denim/i, corrected: "jeans" },
  { q: "dresss", top: /dress/i, corrected: "dress" },
  { q: "skrit", top: /skirt/i, corrected: "skirt" },
  { q: "beenie", top: /beanie/i, corrected: "beanie" },
  { q: "scraf", top: /scarf/i, corrected: "scarf" },
  { q: "jakcet", top: /jacket/i, corrected: "jacket" },
  { q: "legings", top: /leggings/i, corrected: "leggings" },
  { q: "sweatshrit", first: ["Garment-Dyed Crewneck Sweatshirt"], corrected: "sweatshirt" },
  { q: "trosers", first: ["Tailored Straight Trousers"], corrected: "trousers" },
  { q: "linnen dress", first: ["Linen Wrap Midi Dress"], corrected: "linen dress" },
  { q: "blak hoodie", top: /hoodie/i, corrected: "black hoodie" },
  { q: "cashmire scarf", first: ["Cashmere Blend Wrap Scarf"], corrected: "cashmere scarf" },
  { q: "leathr belt", top: /leather.*belt/i, corrected: "leather belt" },
  { q: "bodysiut", first: ["Organic Cotton Bodysuit Three-Pack"], corrected: "bodysuit" },
  // Joined and split words
  { q: "tshirt", top: /tee/i },
  { q: "t shirt", top: /tee/i },
  { q: "t-shirt", top: /tee/i },
  { q: "T-Shirts", top: /tee/i },
  { q: "sweat shirt", first: ["Garment-Dyed Crewneck Sweatshirt"] },
  { q: "zipup hoodie", first: ["Zip-Up Fleece Hoodie"] },
  { q: "halfzip", first: ["Tech Fleece Half-Zip"] },
  // Plurals and word forms
  { q: "hoodies", top: /hoodie/i },
  { q: "jean", top: /jeans/i },
  { q: "dresses", top: /dress/i },
  { q: "skirts", top: /skirt/i },
  { q: "belts", top: /belt/i },
  // Synonyms (the seed's groups)
  { q: "tee", top: /tee/i },
  { q: "jumper", top: /sweatshirt|pullover|hoodie/i },
  { q: "pants", first: ["Baby Pull-On Pants"] },
  { q: "trousers", first: ["Tailored Straight Trousers"] },
  { q: "bottoms", top: /trousers|pants|leggings/i },
  { q: "trainers", none: true },
  // Colour and size words filter
  { q: "black tee m", top: /tee/i },
  { q: "pink hoodie", top: /hoodie/i },
  { q: "navy scarf", first: ["Merino Wool Scarf"] },
  { q: "red beanie", first: ["Ribbed Cuff Beanie"] },
  { q: "white jeans", first: ["High-Rise Wide Leg Jeans"] },
  // Exact names
  { q: "Belted Shirt Dress", first: ["Belted Shirt Dress"] },
  { q: "Classic Pullover Hoodie", first: ["Classic Pullover Hoodie"] },
  { q: "kids pullover hoodie", first: ["Kids Pullover Hoodie"] },
  { q: "tapered black denim", first: ["Tapered Black Denim"] },
  { q: "Satin Slip Dress", first: ["Satin Slip Dress"] },
  { q: "vsop premium hoodie", first: ["VSOP Premium Hoodie"] },
  { q: "zzzqqq", none: true },
];

describe("search finds what shoppers mean", () => {
  it.each(cases)("$q", async ({ q, first, top, corrected, none }) => {
    const result = await find(q);
    const names = result.products.map((p) => p.name);
    if (first) expect(names.slice(0, first.length)).toEqual(first);
    if (top) {
      expect(names.length).toBeGreaterThan(0);
      for (const name of names.slice(0, 2)) expect(name).toMatch(top);
    }
    if (none) expect(result.total).toBe(0);
    expect(result.corrected).toBe(corrected ?? null);
  });
});

describe("ranking", () => {
  it("puts a product whose whole name was typed first, for every product", async () => {
    const rows = await database.db.execute(sql`select name from products where status = 'active' order by id`);
    const names = (rows as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
    expect(names.length).toBeGreaterThan(50);
    for (const name of names) {
      for (const typed of [name, name.toLowerCase(), ` ${name.toUpperCase()}  `]) {
        const result = await find(typed);
        expect(result.products[0]?.name, typed).toBe(name);
      }
    }
  });

  it("fixes the issue's example: t-shirt no longer ranks the Belted Shirt Dress first, or at all", async () => {
    const result = await find("t-shirt");
    expect(result.products.map((p) => p.name)).not.toContain("Belted Shirt Dress");
    expect(result.total).toBeGreaterThanOrEqual(10);
  });
});

describe("corrections", () => {
  it("searches the exact words when asked, and says nothing was corrected", async () => {
    const result = await search.searchProducts({ text: "hodie", exact: true });
    expect(result.total).toBe(0);
    expect(result.corrected).toBeNull();
  });

  it("keeps colours and sizes as filters", async () => {
    const result = await find("black tee m");
    expect(result.products.length).toBeGreaterThan(0);
    for (const p of result.products) {
      expect(p.colors).toContain("Black");
      expect(p.sizes).toContain("M");
    }
  });
});

describe("synonyms", () => {
  it("apply to the next search, and stop applying when removed", async () => {
    expect((await find("trainers")).total).toBe(0);
    const group = await search.synonyms.create({ actor: "staff:test", input: { terms: ["trainers", "leggings"] } });
    expect((await find("trainers")).products.map((p) => p.name)).toContain("Seamless High-Waist Leggings");
    await search.synonyms.remove({ actor: "staff:test", id: group.id });
    expect((await find("trainers")).total).toBe(0);
  });
});

describe("zero-result searches", () => {
  it("are counted per normalised query, with nothing about the shopper", async () => {
    await find("Purple  Unicorn!");
    await find("purple unicorn");
    await find("hodie");
    const top = await search.topMisses();
    expect(top.find((m) => m.query === "purple unicorn")).toEqual({ query: "purple unicorn", count: 2, lastDay: "2026-11-25" });
    expect(top.some((m) => m.query === "hodie")).toBe(false);
  });

  it("are kept 13 months, then deleted by the hourly tidy-up", async () => {
    await database.db.insert(searchMisses).values([
      { query: "old socks", day: "2025-10-25", count: 3 }, // 13 months before today (2026-11-25): kept
      { query: "older socks", day: "2025-10-24", count: 4 },
      { query: "oldest socks", day: "2024-01-02", count: 5 },
    ]);
    expect(await search.pruneMisses()).toBe(2);
    const left = await database.db.select({ query: searchMisses.query }).from(searchMisses).where(like(searchMisses.query, "%socks"));
    expect(left).toEqual([{ query: "old socks" }]);
    expect((await search.topMisses()).some((m) => m.query === "purple unicorn")).toBe(true);
  });
});

describe("bad input", () => {
  it.each(["", "   ", "!!!???", "'); drop table products; --", "hoodie' OR 1=1 --", "👕👖", "هودي أسود", "שמלה", "a".repeat(5000), "x ".repeat(400), "\u0000:*&|!()<>"])("answers %#", async (text) => {
    const result = await find(text);
    expect(result.total).toBeGreaterThanOrEqual(0);
    const suggested = await search.suggest({ q: text.slice(0, 100) });
    expect(Array.isArray(suggested.products)).toBe(true);
  });
});
