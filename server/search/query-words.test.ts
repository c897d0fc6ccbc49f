import { describe, expect, it } from "vitest";
import { allowedEdits, editDistance, nameKey, queryWords } from "./query-words";

describe("queryWords", () => {
  it("keeps letters and digits, joins hyphenated words, caps words and length", () => {
    expect(queryWords("  T-Shirt's & (hoodie) | !x:* ")).toEqual(["tshirts", "hoodie", "x"]);
    expect(queryWords("Men’s 2XL")).toEqual(["mens", "2xl"]);
    expect(queryWords("!!! ")).toEqual([]);
    expect(queryWords("a b c d e f g h i j")).toHaveLength(8);
    expect(queryWords("x".repeat(100))[0]).toHaveLength(40);
    expect(queryWords("ＨＯＯＤＩＥ")).toEqual(["hoodie"]);
  });

  it("compares names by their words", () => {
    expect(nameKey("  VSOP Premium Collection - Complete Set")).toBe("vsop premium collection complete set");
  });
});

describe("editDistance", () => {
  it("counts a wrong, missing, extra or swapped letter as one", () => {
    expect(editDistance("hodie", "hoodie")).toBe(1);
    expect(editDistance("hoodiee", "hoodie")).toBe(1);
    expect(editDistance("hoodei", "hoodie")).toBe(1);
    expect(editDistance("hoxdie", "hoodie")).toBe(1);
    expect(editDistance("jens", "jeans")).toBe(1);
    expect(editDistance("dress", "skirt")).toBe(5);
  });

  it("measures an unfinished word against the start of a known one", () => {
    expect(editDistance("hodi", "hoodie", true)).toBe(1);
    expect(editDistance("hood", "hoodie", true)).toBe(0);
    expect(editDistance("xyz", "hoodie", true)).toBeGreaterThan(1);
  });

  it("allows no edits under 4 letters, one up to 7, two from 8", () => {
    expect([3, 4, 7, 8].map(allowedEdits)).toEqual([0, 1, 1, 2]);
  });
});
