import { formatRate } from "../pricing/allocate";
import { taxAmounts } from "../pricing/price-order";
import type { PricingRules } from "../pricing/pricing-rules";
import { matchingZones, type Destination } from "../pricing/zones";
import { offeredRates, type Parcel } from "../pricing/shipping-rates";
import { describeDestination } from "../zones/describe-destination";
import { explainTax, ratesFor, shippingTaxRates, taxZoneFor } from "./manual-tax";

/**
 * "Test an address" for tax (issue 27 item 4): the zone and why, each category's rates there, and the tax an order
 * of the default category with this subtotal would pay, on the shipping checkout would pick too when shipping is taxed.
 */
export function testTaxAddress(rules: PricingRules, to: Destination, parcel: Parcel) {
  const zone = taxZoneFor(rules, to);
  const shippingZone = matchingZones(rules.shippingZones, to)[0]?.zone ?? null;
  const shipping = shippingZone ? (offeredRates(shippingZone.rates, parcel)[0] ?? null) : null;
  const shippingCents = shipping?.priceCents ?? 0;
  const lines = taxAmounts([parcel.subtotalCents, shippingCents], [ratesFor(rules, zone, null), shippingTaxRates(rules, zone)], rules.pricesIncludeTax, 1);
  return {
    address: describeDestination(to),
    provider: rules.taxProvider,
    ...explainTax(rules, to),
    example: {
      subtotalCents: parcel.subtotalCents,
      shipping: shipping && { name: shipping.name, priceCents: shippingCents },
      included: rules.pricesIncludeTax,
      lines: lines.map((l) => ({ on: l.line === null ? ("shipping" as const) : ("subtotal" as const), name: l.name, rate: formatRate(l.rateMilliPercent), taxableCents: l.taxableCents, taxCents: l.taxCents })),
      taxCents: lines.reduce((sum, l) => sum + l.taxCents, 0),
    },
  };
}
