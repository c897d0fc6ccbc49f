import { offeredRates, type Parcel, type ShippingRate } from "./shipping-rates";

/** The free option's name at checkout, on the order and in its emails. */
export const PREORDER_SHIPPING = "Free pre-order shipping";

/** A line as shipping sees it: whether it is a pre-order piece of a drop whose pre-orders ship free. */
export interface PreorderLine {
  /** products.preorder and a drop not archived with freeShipping on (server/drops/product-drops-sql.ts dropShipsFreeSql). */
  freePreorderShipping: boolean;
}

/**
 * A drop's promise, "free shipping on all pre-orders" (SPEC §1), as one rule (decision 0030): an order whose every
 * line is a pre-order piece of a drop that ships its pre-orders free ships free. A cart that mixes them with pieces in
 * stock (or with a drop's pieces whose flag is off) pays the zone's rates. Each drop carries its own flag, so a second
 * drop needs no code (issue 48).
 */
export function preorderShipsFree(lines: PreorderLine[]): boolean {
  return lines.length > 0 && lines.every((l) => l.freePreorderShipping);
}

/**
 * The shipping options for an order, cheapest first: the zone's offered rates, and when pre-orders ship free the
 * cheapest of them costs nothing and is named so (faster rates keep their price). Nowhere the zone can't ship this
 * parcel does the promise make it shippable. The cart, checkout's quote and its payment all take their options here.
 */
export function shippingOptions<R extends ShippingRate>(rates: R[], parcel: Parcel, lines: PreorderLine[]): (R & { priceCents: number })[] {
  const offered = offeredRates(rates, parcel);
  const [cheapest, ...others] = offered;
  if (!cheapest || cheapest.priceCents === 0 || !preorderShipsFree(lines)) return offered;
  return [{ ...cheapest, name: PREORDER_SHIPPING, priceCents: 0 }, ...others];
}
