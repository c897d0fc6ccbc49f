import { describe, expect, it } from "vitest";
import { quickAddChoice, variantPrice, withoutColourChoice } from "./product-options";
import { productBadges } from "./product-badges";
import { DEFAULT_SWATCH, swatchFor } from "./swatches";

describe("quickAddChoice", () => {
  it("takes quantity 1, the first colour and the first size", () => {
    expect(quickAddChoice({ id: 4, colors: ["White", "Black"], sizes: ["S", "M"] })).toEqual({ productId: 4, quantity: 1, color: "White", size: "S" });
  });

  it("falls back to Black and M", () => {
    expect(quickAddChoice({ id: 9, colors: [], sizes: [] })).toEqual({ productId: 9, quantity: 1, color: "Black", size: "M" });
  });

  it("sends Default for a drop's piece in one colour, and its colour once it has two", () => {
    const drop = { id: 1, slug: "winter-drop" };
    expect(withoutColourChoice({ colors: ["Black"], drops: [drop] })).toBe(true);
    expect(quickAddChoice({ id: 2, colors: ["Black"], sizes: ["XS"], drops: [drop] }).color).toBe("Default");
    expect(quickAddChoice({ id: 2, colors: ["Grey", "Black"], sizes: ["XS"], drops: [drop] }).color).toBe("Grey");
    // Outside a drop a one-colour product keeps its picker (SPEC §4: only the drop's pieces go as "Default").
    expect(quickAddChoice({ id: 5, colors: ["Black"], sizes: ["M"], drops: [] }).color).toBe("Black");
  });
});

describe("variantPrice", () => {
  const variants = [
    { id: 1, color: "Black", size: "S", price: 10, compareAtPrice: null, available: 1, sku: null },
    { id: 2, color: "Black", size: "M", price: 12, compareAtPrice: 15, available: 1, sku: null },
  ];
  const product = { colors: ["Black"], price: 10, compareAtPrice: null, variants } as unknown as Parameters<typeof variantPrice>[0];
  it("prices the chosen size of a drop piece chosen as Default", () => {
    expect(variantPrice({ ...product, drops: [{ id: 1 }] } as typeof product, "Default", "M")).toEqual({ price: 12, compareAtPrice: 15 });
    expect(variantPrice({ ...product, drops: [] }, "Default", "M")).toEqual({ price: 10, compareAtPrice: null });
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
