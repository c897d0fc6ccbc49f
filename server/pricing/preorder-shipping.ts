import type { PricingRules } from "./pricing-rules";
import { offeredRates, type Parcel, type ShippingRate } from "./shipping-rates";

/** The free option's name at checkout, on the order and in its emails. */
export const PREORDER_SHIPPING = "Free pre-order shipping";

/**
 * The VSOP promise, "free shipping on all pre-orders" (SPEC §1), as one rule (decision 0030): while the campaign's
 * free-shipping flag is on, an order whose every line is a pre-order ships free. A cart that mixes pre-orders with
 * pieces in stock pays the zone's rates, and with the flag off so does every cart.
 */
export function preorderShipsFree(rules: Pick<PricingRules, "preorderFreeShipping">, lines: { preorder: boolean }[]): boolean {
  return rules.preorderFreeShipping && lines.length > 0 && lines.every((l) => l.preorder);
}

/**
 * The shipping options for an order, cheapest first: the zone's offered rates, and when pre-orders ship free the
 * cheapest of them costs nothing and is named so (faster rates keep their price). Nowhere the zone can't ship this
 * parcel does the promise make it shippable. The cart, checkout's quote and its payment all take their options here.
 */
export function shippingOptions<R extends ShippingRate>(rules: Pick<PricingRules, "preorderFreeShipping">, rates: R[], parcel: Parcel, lines: { preorder: boolean }[]): (R & { priceCents: number })[] {
  const offered = offeredRates(rates, parcel);
  const [cheapest, ...others] = offered;
  if (!cheapest || cheapest.priceCents === 0 || !preorderShipsFree(rules, lines)) return offered;
  return [{ ...cheapest, name: PREORDER_SHIPPING, priceCents: 0 }, ...others];
}
