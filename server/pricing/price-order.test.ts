import { describe, expect, it } from "vitest";
import { allocateDiscount, lineRefundCents, percentOf, priceOrder } from "./price-order";

describe("priceOrder", () => {
  it("prices two VSOP hoodies: 299.98 + 8 % tax = 323.98", () => {
    expect(priceOrder({ lines: [{ unitPriceCents: 14999, quantity: 2 }] })).toEqual({
      subtotalCents: 29998,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 2400,
      totalCents: 32398,
    });
  });

  it("adds every line", () => {
    const totals = priceOrder({ lines: [{ unitPriceCents: 2499, quantity: 3 }, { unitPriceCents: 7999, quantity: 1 }] });
    expect(totals.subtotalCents).toBe(15496);
    expect(totals.taxCents).toBe(1240); // 1239.68
    expect(totals.totalCents).toBe(16736);
  });

  it("is all zeros for an empty cart", () => {
    expect(priceOrder({ lines: [] })).toEqual({ subtotalCents: 0, discountCents: 0, shippingCents: 0, taxCents: 0, totalCents: 0 });
  });

  it("taxes the subtotal after a percentage discount", () => {
    const totals = priceOrder({ lines: [{ unitPriceCents: 10000, quantity: 1 }], discount: { kind: "percent", percent: 15, collectionIds: [] } });
    expect(totals).toMatchObject({ discountCents: 1500, taxCents: 680, totalCents: 9180 });
  });

  const mixed = [
    { unitPriceCents: 5000, quantity: 2, collectionId: 1 },
    { unitPriceCents: 3000, quantity: 1, collectionId: 2 },
  ];

  it("takes a collection's code off that collection's lines only", () => {
    expect(priceOrder({ lines: mixed, discount: { kind: "percent", percent: 20, collectionIds: [1] } })).toEqual({
      subtotalCents: 13000,
      discountCents: 2000, // 20 % of the 100.00 of collection 1
      shippingCents: 0,
      taxCents: 880, // 8 % of 110.00
      totalCents: 11880,
    });
    expect(priceOrder({ lines: mixed, discount: { kind: "percent", percent: 20, collectionIds: [3] } }).discountCents).toBe(0);
  });

  it("takes a fixed amount off, never more than the lines it applies to: the total never goes below zero", () => {
    expect(priceOrder({ lines: mixed, discount: { kind: "fixed", amountCents: 1500, collectionIds: [] } })).toMatchObject({ discountCents: 1500, taxCents: 920, totalCents: 12420 });
    expect(priceOrder({ lines: mixed, discount: { kind: "fixed", amountCents: 50_000, collectionIds: [2] } })).toMatchObject({ discountCents: 3000, totalCents: 10800 });
    expect(priceOrder({ lines: mixed, discount: { kind: "fixed", amountCents: 50_000, collectionIds: [] } })).toEqual({ subtotalCents: 13000, discountCents: 13000, shippingCents: 0, taxCents: 0, totalCents: 0 });
  });

  it("a free-shipping code takes nothing off the goods", () => {
    expect(priceOrder({ lines: mixed, discount: { kind: "free_shipping", collectionIds: [] } })).toMatchObject({ discountCents: 0, shippingCents: 0, totalCents: 14040 });
  });

  it("rounds a percentage half up to the cent", () => {
    expect(priceOrder({ lines: [{ unitPriceCents: 1999, quantity: 1 }], discount: { kind: "percent", percent: 15, collectionIds: [] } }).discountCents).toBe(300); // 299.85
  });
});

describe("percentOf", () => {
  it.each([
    [1, 8, 0], // 0.08 → 0
    [6, 8, 0], // 0.48 → 0
    [7, 8, 1], // 0.56 → 1
    [625, 8, 50], // 50.00 exactly
    [1875, 8, 150], // 150.00
    [1856, 8, 148], // 148.48 → 148
    [1869, 8, 150], // 149.52 → 150
    [50, 1, 1], // 0.5 rounds half up
    [150, 1, 2], // 1.5 → 2
  ])("%i cents at %i %% is %i cents", (amount, percent, expected) => {
    expect(percentOf(amount, percent)).toBe(expected);
  });
});

describe("allocateDiscount and lineRefundCents", () => {
  const lines = [
    { unitPriceCents: 3333, quantity: 1, collectionId: 1 },
    { unitPriceCents: 3333, quantity: 2, collectionId: 1 },
    { unitPriceCents: 5000, quantity: 1, collectionId: 2 },
  ];

  it("shares the discount among the lines it applied to, in proportion, the rounding on the last", () => {
    const rule = { kind: "percent" as const, percent: 10, collectionIds: [1] };
    const { discountCents } = priceOrder({ lines, discount: rule });
    expect(discountCents).toBe(1000); // 10 % of 99.99, half up
    expect(allocateDiscount(lines, rule, discountCents)).toEqual([333, 667, 0]);
    expect(allocateDiscount(lines, null, 0)).toEqual([0, 0, 0]);
  });

  it("gives back a line's price less its share of the discount, plus tax", () => {
    expect(lineRefundCents({ unitPriceCents: 3333, quantity: 2, discountCents: 667 }, 1)).toBe(3240); // 33.33 − 3.33 = 30.00 + 2.40
    expect(lineRefundCents({ unitPriceCents: 7999, quantity: 2, discountCents: 0 }, 1)).toBe(8639);
  });
});
