import { describe, expect, it } from "vitest";
import { listingTitle } from "./listing-title";

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
    expect(listingTitle(category, subcategory)).toBe(title);
  });

  it.each([
    ["pets", undefined],
    ["men", "dresses"],
    ["sale", "t-shirts"],
    ["vsop", "hoodies"],
  ])("%s / %s is not a listing", (category, subcategory) => {
    expect(listingTitle(category, subcategory)).toBeNull();
  });
});
