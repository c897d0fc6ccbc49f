import { formatRate } from "../pricing/allocate";
import type { PricingRules } from "../pricing/pricing-rules";
import type { TaxRateRule, TaxZone } from "../pricing/pricing-rules";
import { matchingZones, type Destination, zonesAtAddress } from "../pricing/zones";
import { offeredRates, type Parcel } from "../pricing/shipping-rates";
import { describeDestination } from "../zones/describe-destination";
import { explainTax, manualTaxProvider } from "./manual-tax";

/** Whether a rate of the zone used applies, and to what: a category's own rate, or the general one for the rest. */
function rateVerdict(rules: PricingRules, zone: TaxZone, rate: TaxRateRule): { applies: boolean; reason: string } {
  if (rate.taxCategoryId !== null) {
    const category = rules.categories.find((c) => c.id === rate.taxCategoryId)?.name ?? `category ${rate.taxCategoryId}`;
    return { applies: true, reason: `Applies to ${category}: zone ${zone.name}'s rate for it` };
  }
  const rest = rules.categories.filter((c) => !zone.rates.some((r) => r.taxCategoryId === c.id)).map((c) => c.name);
  const what = [...rest, ...(rules.taxOnShipping ? ["the shipping"] : [])];
  if (what.length === 0) return { applies: false, reason: `Not applied: every category has a rate of its own in zone ${zone.name}` };
  const list = what.length === 1 ? what[0] : `${what.slice(0, -1).join(", ")} and ${what.at(-1)}`;
  return { applies: true, reason: `Applies to ${list}: zone ${zone.name}'s general rate` };
}

/**
 * "Test an address" for tax (issue 27 item 4): the zone and why, every rate of every zone that covers the address
 * with whether it applies and why (as the shipping panel lists its rates), each category's rates, and the tax an
 * order of the default category with this subtotal would pay, on the shipping checkout would pick too when shipping
 * is taxed.
 */
export async function testTaxAddress(rules: PricingRules, to: Destination, parcel: Parcel) {
  const shippingZone = matchingZones(rules.shippingZones, to)[0]?.zone ?? null;
  const shipping = shippingZone ? (offeredRates(shippingZone.rates, parcel)[0] ?? null) : null;
  const shippingCents = shipping?.priceCents ?? 0;
  const { lines } = await manualTaxProvider(async () => rules).quote(
    { lines: [{ reference: "line-0", amountCents: parcel.subtotalCents, quantity: 1, taxCategoryId: null }], shippingCents, address: to, included: rules.pricesIncludeTax },
    rules,
  );
  return {
    address: describeDestination(to),
    provider: rules.taxProvider,
    ...explainTax(rules, to),
    zones: zonesAtAddress(rules.taxZones, to).map(({ zone, wins, matchedBy, beaten }) => ({
      id: zone.id,
      name: zone.name,
      wins,
      matchedBy,
      rates: zone.rates.map((rate) => {
        const verdict = beaten ? { applies: false, reason: `Not applied: ${beaten}` } : rateVerdict(rules, zone, rate);
        return { id: rate.id, name: rate.name, rate: formatRate(rate.rateMilliPercent), ...verdict };
      }),
    })),
    example: {
      subtotalCents: parcel.subtotalCents,
      shipping: shipping && { name: shipping.name, priceCents: shippingCents },
      included: rules.pricesIncludeTax,
      lines: lines.map((l) => ({ on: l.line === null ? ("shipping" as const) : ("subtotal" as const), name: l.name, rate: formatRate(l.rateMilliPercent), taxableCents: l.taxableCents, taxCents: l.taxCents })),
      taxCents: lines.reduce((sum, l) => sum + l.taxCents, 0),
    },
  };
}
