import type { ShippingRate } from "../pricing/shipping-rates";

let nextId = 1000;

/** A shipping rate for unit tests: 3-5 days, active, no bounds, free unless `over` says otherwise. */
export function shippingRate(over: Partial<ShippingRate> & Pick<ShippingRate, "kind">): ShippingRate {
  const id = over.id ?? nextId++;
  return { id, name: `Rate ${id}`, amountCents: 0, minSubtotalCents: null, maxSubtotalCents: null, minWeightGrams: null, maxWeightGrams: null, minDays: 3, maxDays: 5, active: true, ...over };
}
