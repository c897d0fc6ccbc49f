import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCatalogChanges } from "../cache/catalog-changes";
import { createTestDatabase, type TestDatabase } from "../test/test-database";
import { createSearchWordIndex, type SearchWordIndex } from "./search-words";

let database: TestDatabase;
let index: SearchWordIndex;
beforeAll(async () => {
  database = await createTestDatabase();
  index = createSearchWordIndex({ db: database.db, catalogChanges: createCatalogChanges() });
});
afterAll(() => database?.close());

/**
 * Real misspellings of the store's words, as shoppers type them (phone keyboards: neighbouring keys, doubled and
 * dropped letters, swaps). SIMILARITY_FLOOR and allowedEdits are tuned on this list: every one must be corrected to
 * its word, and none of the words below it to anything.
 */
const MISSPELLINGS: [typed: string, meant: string][] = [
  ["hodie", "hoodie"], ["hoodei", "hoodie"], ["hoddie", "hoodie"], ["hoody", "hoodie"], ["hooide", "hoodie"],
  ["jens", "jeans"], ["jeens", "jeans"], ["jaens", "jeans"],
  ["dresss", "dress"], ["drees", "dress"],
  ["skrit", "skirt"], ["skirst", "skirt"],
  ["beenie", "beanie"], ["beanee", "beanie"],
  ["scraf", "scarf"], ["scarg", "scarf"],
  ["jakcet", "jacket"], ["jackett", "jacket"], ["jaket", "jacket"],
  ["legings", "leggings"], ["leggins", "leggings"],
  ["sweatshrit", "sweatshirt"], ["sweatshit", "sweatshirt"], ["swetshirt", "sweatshirt"],
  ["trosers", "trousers"], ["trowsers", "trousers"],
  ["linnen", "linen"], ["blak", "black"], ["balck", "black"], ["whte", "white"], ["purpel", "purple"], ["yelow", "yellow"],
  ["cashmire", "cashmere"], ["leathr", "leather"], ["lether", "leather"], ["denin", "denim"], ["bodysiut", "bodysuit"],
  ["tshrit", "tshirt"], ["tshirs", "tshirt"], ["fleese", "fleece"], ["pufer", "puffer"], ["sherpaa", "sherpa"],
];

/** Words that are not misspellings of the store's words: nothing close enough, or too short to guess. */
const NOT_MISSPELLINGS = ["sneakers", "umbrella", "zzzqqq", "car", "hat", "blue", "kimono", "watch", "sandals"];

describe("corrections", () => {
  it.each(MISSPELLINGS)("%s → %s", async (typed, meant) => {
    expect(await index.correct(typed)).toBe(meant);
  });

  it("leave other words alone", async () => {
    for (const word of NOT_MISSPELLINGS) {
      const found = await index.lookup([word]);
      if (found.get(word)?.known) continue;
      expect(await index.correct(word), word).toBeNull();
    }
  });

  it("know joined words and how products spell them", async () => {
    const found = await index.lookup(["tshirt", "halfzip", "hoo", "nothing"]);
    expect(found.get("tshirt")).toEqual({ known: true, exact: true, form: "t-shirt" });
    expect(found.get("halfzip")?.form).toBe("half-zip");
    expect(found.get("hoo")?.known).toBe(true);
    expect(found.has("nothing")).toBe(false);
  });
});
