import { type OrderLine, priceOrder } from "../pricing/price-order";
import type { PricedOrder } from "../pricing/order-totals";
import type { PricingRules } from "../pricing/pricing-rules";
import { shippingPromise } from "../pricing/shipping-promise";
import { taxZoneFor } from "../tax/manual-tax";
import type { TaxProvider } from "../tax/tax-provider";

/** What a cart is priced with: the staff's rules and the tax provider they name. */
export interface CartPricing {
  rules: PricingRules;
  taxProvider: TaxProvider;
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
 * A cart's totals before an address: the order priced as checkout prices it with no address and no code (the staff's
 * rules for everywhere, through the tax provider), and what the cart says of them. What depends on the address is
 * left to checkout, never guessed.
 */
export async function estimateCart(rules: PricingRules, taxProvider: TaxProvider, lines: OrderLine[]): Promise<CartEstimate> {
  const { priced, chosen } = await priceOrder(lines, { rules, taxProvider, discount: null, address: null, strict: false });
  // The manual tables' zone for everywhere: the tax is known before an address, and may be labelled by its rate.
  const zone = rules.taxProvider === "manual" ? taxZoneFor(rules, null) : null;
  const distinct = new Set(priced.taxLines.map((t) => t.rateMilliPercent));
  // The free-shipping threshold true for every address (the storefront's promise), so "$X to go" never misleads.
  const freeFrom = shippingPromise(rules).freeFromCents;
  // Gift cards alone are never shipped: shipping is nothing, and nothing is "to go".
  const giftCardsOnly = lines.length > 0 && lines.every((l) => l.giftCard);
  const remaining = !giftCardsOnly && freeFrom !== null && (chosen === null || chosen.priceCents > 0) ? freeFrom - priced.subtotalCents : 0;
  const estimated = rules.taxProvider !== "manual" || [...rules.taxZones, ...rules.shippingZones].some((z) => z.regions.length > 0);
  return {
    priced,
    shippingCents: chosen ? chosen.priceCents : giftCardsOnly ? 0 : null,
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
