import type { ShippingPromise } from "../../shared/shipping-copy";
import type { PricingRules } from "./pricing-rules";
import { freeShippingFrom } from "./shipping-rates";

/**
 * What the storefront may promise about shipping before it knows the address, read from the staff's rules so the
 * copy stays true whatever they set (decision 0029): free on every order only when every zone ships every order free;
 * "free over $X" when every zone ships free from some subtotal (X the highest, true everywhere); else nothing about
 * free shipping. Delivery days span the active rates. Whether pre-orders ship free is the campaign's flag, the one
 * checkout reads (preorder-shipping.ts).
 */
export function shippingPromise(rules: PricingRules): ShippingPromise {
  const zones = rules.shippingZones.filter((z) => z.rates.some((r) => r.active));
  const thresholds = zones.map((z) => freeShippingFrom(z.rates));
  const freeFromCents = zones.length > 0 && thresholds.every((t) => t !== null) ? Math.max(...(thresholds as number[])) : null;
  const active = zones.flatMap((z) => z.rates.filter((r) => r.active));
  return {
    freeFromCents,
    minDays: active.length ? Math.min(...active.map((r) => r.minDays)) : null,
    maxDays: active.length ? Math.max(...active.map((r) => r.maxDays)) : null,
    preorderFree: rules.preorderFreeShipping,
  };
}
