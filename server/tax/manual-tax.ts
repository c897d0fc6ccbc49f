import { formatRate } from "../pricing/allocate";
import { type TaxRate, taxAmounts } from "../pricing/order-totals";
import type { PricingRules, TaxZone } from "../pricing/pricing-rules";
import { type Destination, explainZone, zoneFor } from "../pricing/zones";
import type { TaxProvider } from "./tax-provider";

/** The tax zone for a destination; with no destination (the cart, before an address), only a zone for everywhere. */
export function taxZoneFor(rules: PricingRules, to: Destination | null): TaxZone | null {
  if (!to) return rules.taxZones.find((z) => z.regions.length === 0) ?? null;
  return zoneFor(rules.taxZones, to)?.zone ?? null;
}

const defaultCategory = (rules: PricingRules) => rules.categories.find((c) => c.isDefault)?.id ?? null;

/** A zone's rates for a tax category: its own, else the zone's general ones (no category). */
export function ratesFor(rules: PricingRules, zone: TaxZone | null, taxCategoryId: number | null): TaxRate[] {
  if (!zone) return [];
  const category = taxCategoryId ?? defaultCategory(rules);
  const own = zone.rates.filter((r) => r.taxCategoryId !== null && r.taxCategoryId === category);
  const chosen = own.length > 0 ? own : zone.rates.filter((r) => r.taxCategoryId === null);
  return chosen.map((r) => ({ name: r.name, rateMilliPercent: r.rateMilliPercent, jurisdiction: zone.name }));
}

/** The shipping's rates: the zone's general ones when shipping is taxed, else none. */
export function shippingTaxRates(rules: PricingRules, zone: TaxZone | null): TaxRate[] {
  if (!rules.taxOnShipping || !zone) return [];
  return zone.rates.filter((r) => r.taxCategoryId === null).map((r) => ({ name: r.name, rateMilliPercent: r.rateMilliPercent, jurisdiction: zone.name }));
}

/** For the staff's "Test an address": each category's rates there, and why that zone. */
export function explainTax(rules: PricingRules, to: Destination) {
  const zone = taxZoneFor(rules, to);
  const categories = rules.categories.map((c) => {
    const rates = ratesFor(rules, zone, c.id);
    const own = zone?.rates.some((r) => r.taxCategoryId === c.id) ?? false;
    return {
      category: c.name,
      rates: rates.map((r) => ({ name: r.name, rate: formatRate(r.rateMilliPercent) })),
      reason: !zone ? "No tax zone covers this address: no tax is charged" : rates.length === 0 ? `Zone ${zone.name} has no rate for ${c.name}` : own ? `Zone ${zone.name} has a rate for ${c.name}` : `Zone ${zone.name}'s general rate`,
    };
  });
  return {
    zone: zone?.name ?? null,
    why: explainZone(rules.taxZones, to),
    categories,
    shipping: rules.taxOnShipping ? (zone ? `Taxed at zone ${zone.name}'s general rate` : "Not taxed: no zone") : "Not taxed: tax on shipping is off",
  };
}

/** The manual provider: the staff's tables, nothing to record after payment or on a refund. */
export function manualTaxProvider(rules: () => Promise<PricingRules>): TaxProvider {
  return {
    name: "manual",
    async quote({ lines, shippingCents, address, included }, given) {
      const current = given ?? (await rules());
      const zone = taxZoneFor(current, address);
      const lineRates = lines.map((l) => ratesFor(current, zone, l.taxCategoryId));
      const amounts = [...lines.map((l) => l.amountCents), shippingCents];
      return { lines: taxAmounts(amounts, [...lineRates, shippingTaxRates(current, zone)], included, lines.length), calculationId: null };
    },
    commit: async () => null,
    reverse: async () => null,
  };
}
