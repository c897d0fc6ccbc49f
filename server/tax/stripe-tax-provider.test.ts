import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { PricingRules } from "../pricing/pricing-rules";
import { DEFAULT_TAX_TABLE } from "../test/fake-stripe-tax";
import { startFakeStripe } from "../test/fake-stripe";
import { createTaxProvider } from "./create-tax-provider";
import { parsePercentage, stripeTaxProvider } from "./stripe-tax-provider";
import { type TaxQuoteInput, TaxUnavailable } from "./tax-provider";

const SECRET = "sk_test_tax_provider_secret";

const rules: PricingRules = {
  pricesIncludeTax: false,
  taxOnShipping: true,
  taxProvider: "stripe_tax",
  categories: [
    { id: 1, name: "Clothing", stripeTaxCode: "txcd_30011000", isDefault: true },
    { id: 2, name: "Gift cards", stripeTaxCode: "txcd_00000000", isDefault: false },
    { id: 3, name: "Other", stripeTaxCode: null, isDefault: false },
  ],
  taxZones: [],
  shippingZones: [],
};

const sanFrancisco = { country: "US", subdivision: "US-CA", postalCode: "94103", line1: "1 Market St", city: "San Francisco" };

let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let provider: ReturnType<typeof stripeTaxProvider>;

beforeAll(async () => {
  fake = await startFakeStripe();
  provider = stripeTaxProvider({ secretKey: SECRET, api: fake.api, rules: async () => rules });
});
afterAll(async () => {
  await fake?.close();
});
afterEach(() => {
  fake.failTax(false);
  fake.setTaxTable(DEFAULT_TAX_TABLE);
  vi.restoreAllMocks();
});

const order = (included = false): TaxQuoteInput => ({
  lines: [
    { reference: "line-0", amountCents: included ? 10863 : 10000, quantity: 2, taxCategoryId: null },
    { reference: "line-1", amountCents: 2999, quantity: 1, taxCategoryId: 3 },
  ],
  shippingCents: 800,
  address: sanFrancisco,
  included,
});

const ca = (line: number | null, taxableCents: number, taxCents: number) => ({ line, name: "California Sales Tax", rateMilliPercent: 8625, jurisdiction: "California", taxableCents, taxCents });

describe("stripeTaxProvider quote", () => {
  it("prices exclusive lines and the shipping at San Francisco's 8.625 %, half up per line", async () => {
    const quote = await provider.quote(order());
    // 10000 × 8.625 % = 862.5 → 863; 2999 → 258.66 → 259; shipping 800 → 69.
    expect(quote.lines).toEqual([ca(0, 10000, 863), ca(1, 2999, 259), ca(null, 800, 69)]);
    const sent = fake.taxCalculations.get(quote.calculationId!)!;
    expect(sent.line_items.map((li) => [li.reference, li.amount, li.quantity, li.tax_code, li.tax_behavior])).toEqual([
      ["line-0", 10000, 2, "txcd_30011000", "exclusive"], // no category: the default's code
      ["line-1", 2999, 1, "txcd_99999999", "exclusive"], // a category without a code: Stripe's preset (the fake's)
    ]);
    expect(sent.shipping_cost).toMatchObject({ amount: 800, tax_code: "txcd_92010001", tax_behavior: "exclusive" });
    expect(sent.customer_details).toMatchObject({ address: { country: "US", state: "CA", postal_code: "94103", line1: "1 Market St", city: "San Francisco" }, address_source: "shipping" });
  });

  it("takes the tax out of inclusive prices", async () => {
    const quote = await provider.quote(order(true));
    // 10863 / 1.08625 = 10000.46 → net 10000, tax 863; 2999 → net 2761, tax 238; 800 → net 736, tax 64.
    expect(quote.lines).toEqual([ca(0, 10000, 863), ca(1, 2761, 238), ca(null, 736, 64)]);
    expect(fake.taxCalculations.get(quote.calculationId!)!.line_items.every((li) => li.tax_behavior === "inclusive")).toBe(true);
  });

  it("gives one line per tax of a place, each as Stripe rounded it", async () => {
    fake.setTaxTable([
      {
        country: "US",
        state: "CA",
        rates: [
          { jurisdiction: "California", level: "state", name: "Sales and Use Tax", percentage: "6.0" },
          { jurisdiction: "San Francisco", level: "district", name: "District Tax", percentage: "2.625" },
        ],
      },
    ]);
    const quote = await provider.quote({ ...order(), shippingCents: 0 });
    expect(quote.lines).toEqual([
      { line: 0, name: "California Sales and Use Tax", rateMilliPercent: 6000, jurisdiction: "California", taxableCents: 10000, taxCents: 600 },
      { line: 0, name: "San Francisco District Tax", rateMilliPercent: 2625, jurisdiction: "San Francisco", taxableCents: 10000, taxCents: 263 },
      { line: 1, name: "California Sales and Use Tax", rateMilliPercent: 6000, jurisdiction: "California", taxableCents: 2999, taxCents: 180 },
      { line: 1, name: "San Francisco District Tax", rateMilliPercent: 2625, jurisdiction: "San Francisco", taxableCents: 2999, taxCents: 79 },
    ]);
  });

  it("gives no line for what is not taxed: an exempt category, a free line, a place without registration", async () => {
    const lines = [
      { reference: "line-0", amountCents: 0, quantity: 1, taxCategoryId: null },
      { reference: "line-1", amountCents: 5000, quantity: 1, taxCategoryId: 2 },
      { reference: "line-2", amountCents: 1000, quantity: 1, taxCategoryId: 1 },
    ];
    const quote = await provider.quote({ lines, shippingCents: 0, address: sanFrancisco, included: false });
    expect(quote.lines).toEqual([ca(2, 1000, 86)]); // 86.25
    expect(fake.taxCalculations.get(quote.calculationId!)!.line_items.map((li) => li.reference)).toEqual(["line-1", "line-2"]);

    const texas = await provider.quote({ lines, shippingCents: 500, address: { country: "US", subdivision: "US-TX", postalCode: "73301" }, included: false });
    expect(texas.lines).toEqual([]);
    expect(texas.calculationId).toMatch(/^taxcalc_/);
  });

  it("makes no calculation for an order with nothing to tax", async () => {
    const before = fake.taxCalculations.size;
    expect(await provider.quote({ lines: [{ reference: "line-0", amountCents: 0, quantity: 1, taxCategoryId: null }], shippingCents: 0, address: sanFrancisco, included: false })).toEqual({ lines: [], calculationId: null });
    expect(fake.taxCalculations.size).toBe(before);
  });

  it("refuses an answer whose breakdown does not add up to the line's tax", async () => {
    const set = fake.taxCalculations.set.bind(fake.taxCalculations);
    vi.spyOn(fake.taxCalculations, "set").mockImplementation((id, calculation) => {
      calculation.line_items[1]!.amount_tax += 1;
      return set(id, calculation);
    });
    await expect(provider.quote(order())).rejects.toThrow(/breakdown \(259\) differs from its tax \(260\) on line 1/);
  });

  it("throws TaxUnavailable when Stripe fails, without the secret key", async () => {
    fake.failTax(true);
    const failure = await provider.quote(order()).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(TaxUnavailable);
    expect((failure as Error).message).toMatch(/calculation failed \(StripeAPIError\)/);
    expect((failure as Error).message).not.toContain(SECRET);
  });

  it("throws TaxUnavailable for an address Stripe cannot place", async () => {
    const failure = provider.quote({ ...order(), address: { country: "US", subdivision: "US-CA", postalCode: "" } });
    await expect(failure).rejects.toBeInstanceOf(TaxUnavailable);
    await expect(failure).rejects.toThrow(/customer_tax_location_invalid/);
  });

  it("throws TaxUnavailable when Stripe cannot be reached", async () => {
    const closed = await startFakeStripe();
    await closed.close();
    const offline = stripeTaxProvider({ secretKey: SECRET, api: closed.api, rules: async () => rules });
    await expect(offline.quote(order())).rejects.toBeInstanceOf(TaxUnavailable);
  });
});

describe("parsePercentage", () => {
  it("reads Stripe's decimal strings into thousandths of a percent without float error", () => {
    expect(["8.625", "7.25", "10", "6.0", "0.1", "1.005", "0.145", "4.7125", "4.71249"].map(parsePercentage)).toEqual([8625, 7250, 10000, 6000, 100, 1005, 145, 4713, 4712]);
    expect(() => parsePercentage("8,5")).toThrow(TaxUnavailable);
  });
});

describe("stripeTaxProvider commit and reverse", () => {
  it("records a paid order's calculation once, under its order number", async () => {
    const { calculationId } = await provider.quote(order());
    const first = await provider.commit({ orderNumber: "VS-100200", calculationId });
    const again = await provider.commit({ orderNumber: "VS-100200", calculationId });
    expect(again).toBe(first);
    const recorded = [...fake.taxTransactions.values()].filter((t) => t.reference === "VS-100200");
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.line_items.map((li) => [li.reference, li.amount, li.amount_tax])).toEqual([
      ["line-0", 10000, 863],
      ["line-1", 2999, 259],
    ]);
    expect(await provider.commit({ orderNumber: "VS-100201", calculationId: null })).toBeNull();
  });

  it("reverses refunds line by line, never beyond what was charged", async () => {
    const { calculationId } = await provider.quote(order());
    const transactionId = await provider.commit({ orderNumber: "VS-100300", calculationId });
    const original = fake.taxTransactions.get(transactionId!)!;
    const refund = (refundId: string, amountCents: number, taxCents: number, shipping: { amountCents: number; taxCents: number } | null = null) =>
      provider.reverse({ refundId, orderNumber: "VS-100300", transactionId, lines: [{ reference: "line-0", amountCents, taxCents, quantity: 1 }], shipping });

    const first = await refund("refund-a", 5000, 432);
    expect(await refund("refund-a", 5000, 432)).toBe(first); // a retry is the same reversal
    await refund("refund-b", 5000, 431, { amountCents: 800, taxCents: 69 });
    expect([...fake.taxReversals.values()].filter((r) => r.original_transaction === transactionId)).toMatchObject([
      { reference: "refund-a", line_items: [{ original_line_item: original.line_items[0]!.id, reference: "line-0", amount: -5000, amount_tax: -432, quantity: 1 }], shipping_cost: null },
      { reference: "refund-b", line_items: [{ amount: -5000, amount_tax: -431 }], shipping_cost: { amount: -800, amount_tax: -69 } },
    ]);

    const beyond = refund("refund-c", 1, 0);
    await expect(beyond).rejects.toBeInstanceOf(TaxUnavailable);
    await expect(beyond).rejects.toThrow(/exceeds what remains/);
    await expect(refund("refund-d", 0, 0, { amountCents: 1, taxCents: 0 })).rejects.toThrow(/exceeds what remains/);
  });

  it("refuses a line the transaction does not have, and has nothing to reverse without a transaction", async () => {
    const { calculationId } = await provider.quote(order());
    const transactionId = await provider.commit({ orderNumber: "VS-100400", calculationId });
    await expect(provider.reverse({ refundId: "refund-x", orderNumber: "VS-100400", transactionId, lines: [{ reference: "line-9", amountCents: 100, taxCents: 9, quantity: 1 }], shipping: null })).rejects.toThrow(/has no line line-9/);
    expect(await provider.reverse({ refundId: "refund-y", orderNumber: "VS-100401", transactionId: null, lines: [{ reference: "line-0", amountCents: 100, taxCents: 9, quantity: 1 }], shipping: null })).toBeNull();
  });
});

describe("createTaxProvider", () => {
  it("gives the manual tables or Stripe Tax as the settings say", async () => {
    expect(createTaxProvider("manual", { rules: async () => rules, stripe: { secretKey: SECRET } }).name).toBe("manual");
    const stripe = createTaxProvider("stripe_tax", { rules: async () => rules, stripe: { secretKey: SECRET, api: fake.api } });
    expect((await stripe.quote(order())).lines).toHaveLength(3);
  });

  it("refuses every call when Stripe Tax is chosen but Stripe is not configured", async () => {
    const unconfigured = createTaxProvider("stripe_tax", { rules: async () => rules, stripe: null });
    expect(unconfigured.name).toBe("stripe_tax");
    await expect(unconfigured.quote(order())).rejects.toThrow(new TaxUnavailable("Stripe Tax is selected but Stripe is not configured"));
    await expect(unconfigured.commit({ orderNumber: "VS-1", calculationId: "taxcalc_1" })).rejects.toBeInstanceOf(TaxUnavailable);
    await expect(unconfigured.reverse({ refundId: "r", orderNumber: "VS-1", transactionId: "tax_1", lines: [], shipping: null })).rejects.toBeInstanceOf(TaxUnavailable);
  });
});
