import type { ShippingPromise } from "../../shared/shipping-copy";
import type { DropIndex } from "../drops/drop-index";
import type { PricingRules } from "./pricing-rules";
import { freeShippingFrom } from "./shipping-rates";

/**
 * What the storefront may promise about shipping before it knows the address, read from the staff's rules so the
 * copy stays true whatever they set (decision 0029): free on every order only when every zone ships every order free;
 * "free over $X" when every zone ships free from some subtotal (X the highest, true everywhere); else nothing about
 * free shipping. Delivery days span the active rates. Whether a product's pre-orders ship free is its drop's flag
 * (`dropShipsFree`, the rule checkout reads: preorder-shipping.ts); a promise for no product in particular says no.
 */
export function shippingPromise(rules: PricingRules, { dropShipsFree = false }: { dropShipsFree?: boolean } = {}): ShippingPromise {
  const zones = rules.shippingZones.filter((z) => z.rates.some((r) => r.active));
  const thresholds = zones.map((z) => freeShippingFrom(z.rates));
  const freeFromCents = zones.length > 0 && thresholds.every((t) => t !== null) ? Math.max(...(thresholds as number[])) : null;
  const active = zones.flatMap((z) => z.rates.filter((r) => r.active));
  return {
    freeFromCents,
    minDays: active.length ? Math.min(...active.map((r) => r.minDays)) : null,
    maxDays: active.length ? Math.max(...active.map((r) => r.maxDays)) : null,
    preorderFree: dropShipsFree,
  };
}

/**
 * Whether the product is in a drop not archived whose pre-orders ship free: the in-memory form of the rule checkout
 * reads in SQL (server/drops/product-drops-sql.ts dropShipsFreeSql), so the page promises exactly what checkout gives.
 */
export async function dropShipsFree({ drops, productId }: { drops: Pick<DropIndex, "list">; productId: number }): Promise<boolean> {
  return (await drops.list()).some((d) => d.freeShipping && d.productIds.includes(productId));
}
