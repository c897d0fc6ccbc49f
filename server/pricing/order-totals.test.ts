import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocateDiscount, percentOf, type PricedLine, totalOrder as total, type TaxPlan } from "./order-totals";

const salesTax = { name: "Sales tax", rateMilliPercent: 8000, jurisdiction: "Everywhere" };
/** The day-one rule: 8 % on every line, shipping untaxed. */
const eightPercent = (lines: PricedLine[]): TaxPlan => ({ lineRates: lines.map(() => [salesTax]), shippingRates: [], included: false });
const totalsOf = ({ subtotalCents, discountCents, shippingCents, taxCents, totalCents }: ReturnType<typeof total>) => ({ subtotalCents, discountCents, shippingCents, taxCents, totalCents });
const totalOrder = (args: Omit<Parameters<typeof total>[0], "tax">) => totalsOf(total({ ...args, tax: eightPercent(args.lines) }));

describe("totalOrder", () => {
  it("prices two VSOP hoodies: 299.98 + 8 % tax = 323.98", () => {
    expect(totalOrder({ lines: [{ unitPriceCents: 14999, quantity: 2 }] })).toEqual({
      subtotalCents: 29998,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 2400,
      totalCents: 32398,
    });
  });

  it("adds every line", () => {
    const totals = totalOrder({ lines: [{ unitPriceCents: 2499, quantity: 3 }, { unitPriceCents: 7999, quantity: 1 }] });
    expect(totals.subtotalCents).toBe(15496);
    expect(totals.taxCents).toBe(1240); // 1239.68
    expect(totals.totalCents).toBe(16736);
  });

  it("is all zeros for an empty cart", () => {
    expect(totalOrder({ lines: [] })).toEqual({ subtotalCents: 0, discountCents: 0, shippingCents: 0, taxCents: 0, totalCents: 0 });
  });

  it("taxes the subtotal after a percentage discount", () => {
    const totals = totalOrder({ lines: [{ unitPriceCents: 10000, quantity: 1 }], discount: { kind: "percent", percent: 15, collectionIds: [] } });
    expect(totals).toMatchObject({ discountCents: 1500, taxCents: 680, totalCents: 9180 });
  });

  const mixed = [
    { unitPriceCents: 5000, quantity: 2, collectionId: 1 },
    { unitPriceCents: 3000, quantity: 1, collectionId: 2 },
  ];

  it("takes a collection's code off that collection's lines only", () => {
    expect(totalOrder({ lines: mixed, discount: { kind: "percent", percent: 20, collectionIds: [1] } })).toEqual({
      subtotalCents: 13000,
      discountCents: 2000, // 20 % of the 100.00 of collection 1
      shippingCents: 0,
      taxCents: 880, // 8 % of 110.00
      totalCents: 11880,
    });
    expect(totalOrder({ lines: mixed, discount: { kind: "percent", percent: 20, collectionIds: [3] } }).discountCents).toBe(0);
  });

  it("takes a fixed amount off, never more than the lines it applies to: the total never goes below zero", () => {
    expect(totalOrder({ lines: mixed, discount: { kind: "fixed", amountCents: 1500, collectionIds: [] } })).toMatchObject({ discountCents: 1500, taxCents: 920, totalCents: 12420 });
    expect(totalOrder({ lines: mixed, discount: { kind: "fixed", amountCents: 50_000, collectionIds: [2] } })).toMatchObject({ discountCents: 3000, totalCents: 10800 });
    expect(totalOrder({ lines: mixed, discount: { kind: "fixed", amountCents: 50_000, collectionIds: [] } })).toEqual({ subtotalCents: 13000, discountCents: 13000, shippingCents: 0, taxCents: 0, totalCents: 0 });
  });

  it("a free-shipping code takes nothing off the goods", () => {
    expect(totalOrder({ lines: mixed, discount: { kind: "free_shipping", collectionIds: [] } })).toMatchObject({ discountCents: 0, shippingCents: 0, totalCents: 14040 });
  });

  it("rounds a percentage half up to the cent", () => {
    expect(totalOrder({ lines: [{ unitPriceCents: 1999, quantity: 1 }], discount: { kind: "percent", percent: 15, collectionIds: [] } }).discountCents).toBe(300); // 299.85
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
    const { discountCents } = totalOrder({ lines, discount: rule });
    expect(discountCents).toBe(1000); // 10 % of 99.99, half up
    expect(allocateDiscount(lines, rule, discountCents)).toEqual([333, 667, 0]);
    expect(allocateDiscount(lines, null, 0)).toEqual([0, 0, 0]);
  });

});

describe("tax lines", () => {
  const ca = { name: "Sales tax", rateMilliPercent: 8625, jurisdiction: "California" };
  const city = { name: "City tax", rateMilliPercent: 1250, jurisdiction: "San Francisco" };
  const vat = { name: "VAT", rateMilliPercent: 20000, jurisdiction: "United Kingdom" };

  it("charges a thousandth of a percent exactly: 8.625 % of $40.00 is $3.45", () => {
    const priced = total({ lines: [{ unitPriceCents: 4000, quantity: 1 }], shippingCents: 599, tax: { lineRates: [[ca]], shippingRates: [], included: false } });
    expect(priced).toMatchObject({ subtotalCents: 4000, shippingCents: 599, taxCents: 345, totalCents: 4944 });
    expect(priced.taxLines).toEqual([{ ...ca, line: 0, taxableCents: 4000, taxCents: 345 }]);
  });

  it("taxes the shipping when its rates are given, as its own line", () => {
    const priced = total({ lines: [{ unitPriceCents: 4000, quantity: 1 }], shippingCents: 599, tax: { lineRates: [[ca]], shippingRates: [ca], included: false } });
    expect(priced.taxLines).toEqual([
      { ...ca, line: 0, taxableCents: 4000, taxCents: 345 },
      { ...ca, line: null, taxableCents: 599, taxCents: 52 }, // 51.66
    ]);
    expect(priced.totalCents).toBe(4000 + 599 + 345 + 52);
  });

  it("rounds each rate once per group of lines taxed alike, then shares it to the cent", () => {
    const lines = [
      { unitPriceCents: 2499, quantity: 3 },
      { unitPriceCents: 7999, quantity: 1 },
    ];
    const priced = total({ lines, tax: eightPercent(lines) });
    expect(priced.taxCents).toBe(1240); // 8 % of 154.96 = 12.3968
    expect(priced.taxLines.map((t) => t.taxCents)).toEqual([600, 640]);
  });

  it("adds two rates on one line, each its own tax line", () => {
    const priced = total({ lines: [{ unitPriceCents: 10000, quantity: 1 }], tax: { lineRates: [[ca, city]], shippingRates: [], included: false } });
    expect(priced.taxLines.map((t) => [t.name, t.taxCents])).toEqual([
      ["City tax", 125],
      ["Sales tax", 863],
    ]);
    expect(priced.totalCents).toBe(10988);
  });

  it("takes the tax out of prices that include it, and doesn't add it again", () => {
    const priced = total({ lines: [{ unitPriceCents: 12000, quantity: 1 }], tax: { lineRates: [[vat]], shippingRates: [], included: true } });
    expect(priced).toMatchObject({ subtotalCents: 12000, taxCents: 2000, totalCents: 12000, taxIncluded: true });
    expect(priced.taxLines).toEqual([{ ...vat, line: 0, taxableCents: 10000, taxCents: 2000 }]);
  });

  it("leaves untaxed lines out: a category at no rate", () => {
    const priced = total({ lines: [{ unitPriceCents: 5000, quantity: 1 }, { unitPriceCents: 3000, quantity: 1 }], tax: { lineRates: [[ca], []], shippingRates: [], included: false } });
    expect(priced.taxLines).toEqual([{ ...ca, line: 0, taxableCents: 5000, taxCents: 431 }]);
  });

  it("a free-shipping code removes the rate's price once, never below zero", () => {
    const priced = total({ lines: [{ unitPriceCents: 4000, quantity: 1 }], shippingCents: 599, discount: { kind: "free_shipping", collectionIds: [] }, tax: { lineRates: [[ca]], shippingRates: [ca], included: false } });
    expect(priced).toMatchObject({ shippingCents: 0, shippingBeforeDiscountCents: 599, discountCents: 0, totalCents: 4345 });
    expect(priced.taxLines.some((t) => t.line === null)).toBe(false);
  });
});

describe("the pricing rule holds for any cart", () => {
  const rate = fc.record({ name: fc.constantFrom("Sales tax", "City tax", "VAT"), rateMilliPercent: fc.integer({ min: 0, max: 30_000 }), jurisdiction: fc.constantFrom("A", "B") });
  const line = fc.record({ unitPriceCents: fc.integer({ min: 1, max: 500_000 }), quantity: fc.integer({ min: 1, max: 99 }), collectionId: fc.integer({ min: 1, max: 3 }) });
  const discount = fc.option(
    fc.oneof(
      fc.record({ kind: fc.constant("percent" as const), percent: fc.integer({ min: 1, max: 100 }), collectionIds: fc.subarray([1, 2, 3]) }),
      fc.record({ kind: fc.constant("fixed" as const), amountCents: fc.integer({ min: 1, max: 1_000_000 }), collectionIds: fc.subarray([1, 2, 3]) }),
      fc.record({ kind: fc.constant("free_shipping" as const), collectionIds: fc.subarray([1, 2, 3]) }),
    ),
  );
  const uniqueRates = fc.uniqueArray(rate, { maxLength: 3, selector: (r) => `${r.jurisdiction}|${r.name}|${r.rateMilliPercent}` });

  it("Σ line taxes = the order's tax, and total = subtotal − discount + shipping + tax (unless included)", () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), discount, fc.integer({ min: 0, max: 10_000 }), fc.array(uniqueRates, { minLength: 6, maxLength: 6 }), uniqueRates, fc.boolean(), (lines, code, shipping, lineRates, shippingRates, included) => {
        const priced = total({ lines, discount: code, shippingCents: shipping, tax: { lineRates: lineRates.slice(0, lines.length), shippingRates, included } });
        expect(priced.taxLines.reduce((s, t) => s + t.taxCents, 0)).toBe(priced.taxCents);
        expect(priced.totalCents).toBe(priced.subtotalCents - priced.discountCents + priced.shippingCents + (included ? 0 : priced.taxCents));
        expect(priced.lineDiscounts.reduce((a, b) => a + b, 0)).toBe(priced.discountCents);
        for (const t of priced.taxLines) {
          expect(Number.isInteger(t.taxCents) && t.taxCents >= 0).toBe(true);
          const amount = t.line === null ? priced.shippingCents : lines[t.line]!.unitPriceCents * lines[t.line]!.quantity - priced.lineDiscounts[t.line]!;
          // Each line's tax is within a cent of its own exact share.
          const exact = included ? (amount * t.rateMilliPercent) / (100_000 + (t.line === null ? shippingRates : lineRates[t.line]!).reduce((s, r) => s + r.rateMilliPercent, 0)) : (amount * t.rateMilliPercent) / 100_000;
          expect(Math.abs(t.taxCents - exact)).toBeLessThanOrEqual(lines.length + 1);
        }
        expect(priced.totalCents).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
  });
});
