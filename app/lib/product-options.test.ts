import { describe, expect, it } from "vitest";
import { isVsop, quickAddChoice } from "./product-options";
import { productBadges } from "./product-badges";
import { DEFAULT_SWATCH, swatchFor } from "./swatches";

describe("quickAddChoice", () => {
  it("takes quantity 1, the first colour and the first size", () => {
    expect(quickAddChoice({ id: 4, name: "Essential Crew Tee", colors: ["White", "Black"], sizes: ["S", "M"] })).toEqual({ productId: 4, quantity: 1, color: "White", size: "S" });
  });

  it("falls back to Black and M", () => {
    expect(quickAddChoice({ id: 9, name: "Tee", colors: [], sizes: [] })).toEqual({ productId: 9, quantity: 1, color: "Black", size: "M" });
  });

  it("sends Default for VSOP pieces", () => {
    expect(isVsop({ name: "VSOP Premium Hoodie" })).toBe(true);
    expect(quickAddChoice({ id: 2, name: "VSOP Premium Hoodie", colors: ["Black"], sizes: ["XS"] }).color).toBe("Default");
  });
});

describe("productBadges", () => {
  it("lists the flags in the spec's order", () => {
    expect(productBadges({ new: true, preorder: true, trending: false, bestseller: true, hot: true })).toEqual(["NEW", "PRE-ORDER", "BESTSELLER", "HOT"]);
    expect(productBadges({ new: false, preorder: false, trending: false, bestseller: false, hot: false })).toEqual([]);
  });
});

describe("swatchFor", () => {
  it("knows the spec's colours in any case and greys the rest", () => {
    expect(swatchFor("Black")).toBe("#111111");
    expect(swatchFor("multicolor")).toContain("conic-gradient");
    expect(swatchFor("Navy")).toBe(DEFAULT_SWATCH);
  });
});
