import { describe, expect, it } from "vitest";
import { countLabel, listingSummary, productsLabel } from "./product-count";

describe("listing counts", () => {
  it("labels exact and capped counts", () => {
    expect(countLabel(1240, false)).toBe("1,240");
    expect(countLabel(1000, true)).toBe("1,000+");
    expect(countLabel(240, true)).toBe("240+");
  });

  it("names the products counted", () => {
    expect(productsLabel(1, false)).toBe("1 product");
    expect(productsLabel(12, false)).toBe("12 products");
    expect(productsLabel(240, true)).toBe("240+ products");
  });

  it("summarises a listing", () => {
    const base = { page: 1, limit: 24, capped: false };
    expect(listingSummary({ ...base, total: 0, shown: 0 })).toBe("No products");
    expect(listingSummary({ ...base, total: 1, shown: 1 })).toBe("1 product");
    expect(listingSummary({ ...base, total: 12, shown: 12 })).toBe("12 products");
    expect(listingSummary({ ...base, page: 2, total: 60, shown: 24 })).toBe("Showing 25–48 of 60 products");
    expect(listingSummary({ ...base, capped: true, total: 240, shown: 24 })).toBe("Showing 1–24 of 240+ products");
  });
});
