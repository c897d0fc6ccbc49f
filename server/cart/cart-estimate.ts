import { type PricedOrder, priceOrder, taxableAmounts, taxAmounts, addTax } from "../pricing/price-order";
import type { PricingRules } from "../pricing/pricing-rules";
import { type PreorderLine, shippingOptions } from "../pricing/preorder-shipping";
import { shippingPromise } from "../pricing/shipping-promise";
import { ratesFor, shippingTaxRates, taxZoneFor } from "../tax/manual-tax";

export interface EstimatedLine extends PreorderLine {
  unitPriceCents: number;
  quantity: number;
  taxCategoryId: number | null;
  weightGrams: number | null;
}

export interface CartEstimate {
  priced: PricedOrder;
  /** null: shipping or tax depends on the address, so checkout says. */
  shippingCents: number | null;
  taxKnown: boolean;
  /** The single rate on every line ("Tax (8%)"), else null. */
  taxRatePercent: number | null;
  /** How much more the cart needs for free shipping everywhere, or null when that doesn't apply. */
  freeShippingRemainingCents: number | null;
  /** Other zones exist: an address may change the shipping and tax shown, so they are labelled estimates. */
  estimated: boolean;
}

/**
 * A cart's totals before an address: the staff's rules for everywhere (a tax zone and a shipping zone with no
 * regions), when there are such rules. What depends on the address is left to checkout, never guessed.
 */
export function estimateCart(rules: PricingRules, lines: EstimatedLine[]): CartEstimate {
  const base = priceOrder({ lines });
  const everywhereShipping = rules.shippingZones.find((z) => z.regions.length === 0) ?? null;
  const parcel = { subtotalCents: base.subtotalCents, weightGrams: lines.reduce((g, l) => g + (l.weightGrams ?? 0) * l.quantity, 0) };
  const cheapest = everywhereShipping ? (shippingOptions(everywhereShipping.rates, parcel, lines)[0] ?? null) : null;
  const untaxed = priceOrder({ lines, shippingCents: cheapest?.priceCents ?? 0 });
  const zone = rules.taxProvider === "manual" ? taxZoneFor(rules, null) : null;
  const rates = [...lines.map((l) => ratesFor(rules, zone, l.taxCategoryId)), shippingTaxRates(rules, zone)];
  const priced = addTax(untaxed, taxAmounts(taxableAmounts(lines, untaxed), rates, rules.pricesIncludeTax, lines.length), rules.pricesIncludeTax);
  const distinct = new Set(priced.taxLines.map((t) => t.rateMilliPercent));
  // The free-shipping threshold true for every address (the storefront's promise), so "$X to go" never misleads.
  const freeFrom = shippingPromise(rules).freeFromCents;
  const remaining = freeFrom !== null && (cheapest === null || cheapest.priceCents > 0) ? freeFrom - parcel.subtotalCents : 0;
  const estimated = rules.taxProvider !== "manual" || [...rules.taxZones, ...rules.shippingZones].some((z) => z.regions.length > 0);
  return {
    priced,
    shippingCents: cheapest ? cheapest.priceCents : null,
    taxKnown: zone !== null,
    taxRatePercent: zone && distinct.size === 1 ? [...distinct][0]! / 1000 : zone && lines.length === 0 ? combinedGeneralRate(zone.rates) : null,
    freeShippingRemainingCents: remaining > 0 ? remaining : null,
    estimated,
  };
}

function combinedGeneralRate(rates: { taxCategoryId: number | null; rateMilliPercent: number }[]): number | null {
  const general = rates.filter((r) => r.taxCategoryId === null);
  return general.length ? general.reduce((s, r) => s + r.rateMilliPercent, 0) / 1000 : null;
}
