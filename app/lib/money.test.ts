import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centsFromDollarsText, formatPrice } from "./money";

const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

describe("formatPrice", () => {
  it.each([
    [149.99, "$149.99"],
    [0, "$0.00"],
    [5, "$5.00"],
    [1234.5, "$1,234.50"],
    [1_000_000, "$1,000,000.00"],
    [-12.3, "-$12.30"],
    [1.005, "$1.01"],
    [2.675, "$2.68"],
    [999_999.995, "$1,000,000.00"],
    [-0.001, "-$0.00"],
  ])("%d → %s", (value, text) => expect(formatPrice(value)).toBe(text));

  it("writes what Intl.NumberFormat writes for en-US dollars", () => {
    const cents = fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }).map((c) => c / 100);
    const amounts = fc.oneof(cents, fc.double({ min: -1e16, max: 1e16 }), fc.double(), fc.constantFrom(0.005, 0.015, 10.235, -0, NaN, Infinity, -Infinity, 1e21, 1e-7));
    fc.assert(fc.property(amounts, (value) => formatPrice(value) === intl.format(value)), { numRuns: 20_000 });
  });

  it("agrees with Intl on sums of prices, as cart totals are", () => {
    const price = fc.integer({ min: 1, max: 50_000 }).map((c) => c / 100);
    fc.assert(
      fc.property(fc.array(fc.tuple(price, fc.integer({ min: 1, max: 10 })), { maxLength: 12 }), (lines) => {
        const total = lines.reduce((sum, [p, q]) => sum + p * q, 0);
        return formatPrice(total) === intl.format(total);
      }),
      { numRuns: 5_000 },
    );
  });
});

describe("centsFromDollarsText", () => {
  it("reads typed amounts exactly, without floating point", () => {
    expect(centsFromDollarsText("89")).toBe(8900);
    expect(centsFromDollarsText("89.5")).toBe(8950);
    expect(centsFromDollarsText(" $1,089.99 ")).toBe(108999);
    expect(centsFromDollarsText("0.29")).toBe(29);
  });

  it("refuses what is not an amount", () => {
    for (const text of ["", "abc", "1.234", "-5", "1,00", "12.", "1e3"]) expect(centsFromDollarsText(text)).toBeNull();
  });
});
