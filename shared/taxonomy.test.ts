import { describe, expect, it } from "vitest";
import { type Collection, listingTitle } from "./taxonomy";

const collections: Collection[] = [
  { slug: "men", name: "Men's", description: "", hero: "", subcategories: [{ slug: "t-shirts", name: "T-Shirts", description: "" }] },
  { slug: "women", name: "Women's", description: "", hero: "", subcategories: [{ slug: "dresses", name: "Dresses", description: "" }] },
  { slug: "kids", name: "Kids'", description: "", hero: "", subcategories: [{ slug: "infants", name: "Infants", description: "" }] },
  { slug: "tech-casual", name: "VSOP", description: "", hero: "", subcategories: [] },
];

describe("listingTitle", () => {
  it.each([
    [undefined, undefined, "All Products"],
    ["men", undefined, "Men's Collection"],
    ["women", "dresses", "Women's Dresses"],
    ["kids", "infants", "Kids' Infants"],
    ["sale", undefined, "Sale"],
    ["new", undefined, "New Arrivals"],
    ["vsop", undefined, "VSOP Collection"],
    ["streetwear", undefined, "VSOP Collection"],
  ])("%s / %s → %s", (category, subcategory, title) => {
    expect(listingTitle(collections, category, subcategory)).toBe(title);
  });

  it.each([
    ["pets", undefined],
    ["men", "dresses"],
    ["sale", "t-shirts"],
    ["vsop", "hoodies"],
  ])("%s / %s is not a listing", (category, subcategory) => {
    expect(listingTitle(collections, category, subcategory)).toBeNull();
  });

  it("follows the collections it is given: a renamed or new one has its own title", () => {
    const renamed = [{ ...collections[0]!, name: "Menswear" }, { slug: "outdoor", name: "Outdoor", description: "", hero: "", subcategories: [] }];
    expect(listingTitle(renamed, "men", "t-shirts")).toBe("Menswear T-Shirts");
    expect(listingTitle(renamed, "outdoor")).toBe("Outdoor Collection");
  });
});
