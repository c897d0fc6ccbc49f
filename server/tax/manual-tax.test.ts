import { describe, expect, it } from "vitest";
import type { PricingRules, TaxZone } from "../pricing/pricing-rules";
import { manualTaxProvider } from "./manual-tax";
import type { TaxableLine, TaxAddress } from "./tax-provider";

const CLOTHING = 1;
const BOOKS = 2;

const everywhere: TaxZone = { id: 1, name: "Everywhere", regions: [], rates: [{ id: 1, name: "Sales tax", rateMilliPercent: 8000, taxCategoryId: null }] };
const california: TaxZone = { id: 2, name: "California", regions: [{ country: "US", subdivision: "US-CA", postalPrefix: null }], rates: [{ id: 2, name: "Sales tax", rateMilliPercent: 7250, taxCategoryId: null }] };
const sanFrancisco: TaxZone = {
  id: 3,
  name: "San Francisco",
  regions: [{ country: "US", subdivision: "US-CA", postalPrefix: "941" }],
  rates: [
    { id: 3, name: "Sales tax", rateMilliPercent: 8625, taxCategoryId: null },
    { id: 4, name: "Reduced rate", rateMilliPercent: 2000, taxCategoryId: BOOKS },
  ],
};

const rulesWith = (change: Partial<PricingRules> = {}): PricingRules => ({
  pricesIncludeTax: false,
  taxOnShipping: false,
  taxProvider: "manual",
  categories: [
    { id: CLOTHING, name: "Clothing", stripeTaxCode: "txcd_30011000", isDefault: true },
    { id: BOOKS, name: "Books", stripeTaxCode: null, isDefault: false },
  ],
  taxZones: [everywhere, california, sanFrancisco],
  shippingZones: [],
  ...change,
});

const quote = (rules: PricingRules, { lines, address, shippingCents = 0, included = false }: { lines: TaxableLine[]; address: TaxAddress; shippingCents?: number; included?: boolean }) =>
  manualTaxProvider(async () => rules).quote({ lines, shippingCents, address, included });

const hoodie: TaxableLine = { reference: "line-0", amountCents: 10000, quantity: 2, taxCategoryId: null };
const book: TaxableLine = { reference: "line-1", amountCents: 2000, quantity: 1, taxCategoryId: BOOKS };
const at = (subdivision: string, postalCode: string): TaxAddress => ({ country: "US", subdivision, postalCode });

describe("manualTaxProvider quote", () => {
  it("quotes with the rules it is given and never reads them: inside a checkout's transaction, a read of the rules waits for that transaction on PGlite's one connection", async () => {
    const rules = rulesWith();
    const never = () => new Promise<PricingRules>(() => {});
    const given = await manualTaxProvider(never).quote({ lines: [hoodie], shippingCents: 0, address: at("US-CA", "90001"), included: false }, rules);
    expect(given).toEqual(await quote(rules, { lines: [hoodie], address: at("US-CA", "90001") }));
  });

  it("uses the most specific zone: postal prefix over state over everywhere", async () => {
    const rules = rulesWith();
    const rateAt = async (address: TaxAddress) => (await quote(rules, { lines: [hoodie], address })).lines.map((t) => [t.jurisdiction, t.rateMilliPercent, t.taxCents]);
    expect(await rateAt(at("US-CA", "94103"))).toEqual([["San Francisco", 8625, 863]]);
    expect(await rateAt(at("US-CA", "90001"))).toEqual([["California", 7250, 725]]);
    expect(await rateAt(at("US-NY", "10001"))).toEqual([["Everywhere", 8000, 800]]);
    expect(await rateAt({ country: "FR", subdivision: null, postalCode: "75001" })).toEqual([["Everywhere", 8000, 800]]);
  });

  it("charges nothing where no zone covers the address", async () => {
    const rules = rulesWith({ taxZones: [california] });
    expect(await quote(rules, { lines: [hoodie], address: at("US-NY", "10001") })).toEqual({ lines: [], calculationId: null });
  });

  it("gives a category its own rate in a zone, and the zone's general rate elsewhere", async () => {
    const sf = await quote(rulesWith(), { lines: [hoodie, book], address: at("US-CA", "94103") });
    expect(sf.lines).toEqual([
      { line: 0, name: "Sales tax", rateMilliPercent: 8625, jurisdiction: "San Francisco", taxableCents: 10000, taxCents: 863 },
      { line: 1, name: "Reduced rate", rateMilliPercent: 2000, jurisdiction: "San Francisco", taxableCents: 2000, taxCents: 40 },
    ]);
    const la = await quote(rulesWith(), { lines: [hoodie, book], address: at("US-CA", "90001") });
    expect(la.lines.map((t) => [t.line, t.name, t.taxCents])).toEqual([
      [0, "Sales tax", 725],
      [1, "Sales tax", 145],
    ]);
  });

  it("taxes the shipping at the zone's general rate only when tax on shipping is on", async () => {
    const address = at("US-CA", "90001");
    const off = await quote(rulesWith({ taxOnShipping: false }), { lines: [book], address, shippingCents: 1000 });
    expect(off.lines).toEqual([{ line: 0, name: "Sales tax", rateMilliPercent: 7250, jurisdiction: "California", taxableCents: 2000, taxCents: 145 }]);
    const on = await quote(rulesWith({ taxOnShipping: true }), { lines: [book], address: at("US-CA", "94103"), shippingCents: 1000 });
    expect(on.lines).toEqual([
      { line: 0, name: "Reduced rate", rateMilliPercent: 2000, jurisdiction: "San Francisco", taxableCents: 2000, taxCents: 40 },
      { line: null, name: "Sales tax", rateMilliPercent: 8625, jurisdiction: "San Francisco", taxableCents: 1000, taxCents: 86 },
    ]);
  });

  it("takes the tax out of prices that include it", async () => {
    const included = await quote(rulesWith(), { lines: [{ ...hoodie, amountCents: 10863 }], address: at("US-CA", "94103"), included: true });
    // 10863 / 1.08625 = 10000.46: net 10000, tax 863.
    expect(included.lines).toEqual([{ line: 0, name: "Sales tax", rateMilliPercent: 8625, jurisdiction: "San Francisco", taxableCents: 10000, taxCents: 863 }]);
  });

  it("records nothing after payment or on a refund", async () => {
    const provider = manualTaxProvider(async () => rulesWith());
    expect(await provider.commit({ orderNumber: "VS-1", calculationId: null })).toBeNull();
    expect(await provider.reverse({ refundId: "r", orderNumber: "VS-1", transactionId: null, lines: [], shipping: null })).toBeNull();
  });
});
