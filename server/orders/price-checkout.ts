import { COUNTRIES, isCountry, subdivisionName, subdivisionOf } from "../../shared/regions";
import { AppError } from "../errors";
import { addTax, type PricedOrder, priceOrder, taxableAmounts, taxAmounts } from "../pricing/price-order";
import type { PricingRules, ShippingZone } from "../pricing/pricing-rules";
import { shippingOptions } from "../pricing/preorder-shipping";
import type { ShippingRate } from "../pricing/shipping-rates";
import { type Destination, zoneFor } from "../pricing/zones";
import { ratesFor, shippingTaxRates, taxZoneFor } from "../tax/manual-tax";
import { type TaxProvider, TaxUnavailable } from "../tax/tax-provider";
import type { CheckoutLine } from "./checkout-lines";
import type { Discount } from "./discount";

/** Where the shopper ships to, as far as they have typed it. */
export interface CheckoutAddress {
  country: string;
  region: string;
  postalCode: string;
  line1?: string;
  city?: string;
}

export type ShippingOption = ShippingRate & { priceCents: number };

export interface CheckoutPricing {
  priced: PricedOrder;
  destination: Destination | null;
  /** The shipping rates offered for this cart and address, cheapest first; the chosen one. */
  options: ShippingOption[];
  chosen: ShippingOption | null;
  /** The tax is for this address (false: an estimate from the rules for everywhere, or not known before an address). */
  taxForAddress: boolean;
  calculationId: string | null;
}

/** Countries whose addresses must name a state or province the store knows (ISO 3166-2 in shared/regions.ts). */
const STATES_REQUIRED = new Set(["US", "CA"]);

export const TAX_UNAVAILABLE = "We couldn't calculate the tax for this address just now, so nothing was charged. Please try again in a moment.";

/** "California, United States", or the country alone. */
export function placeName(to: Destination): string {
  const country = isCountry(to.country) ? COUNTRIES[to.country] : to.country;
  return to.subdivision ? `${subdivisionName(to.subdivision)}, ${country}` : country;
}

function shippingZoneFor(rules: PricingRules, to: Destination | null): ShippingZone | null {
  if (!to) return rules.shippingZones.find((z) => z.regions.length === 0) ?? null;
  return zoneFor(rules.shippingZones, to)?.zone ?? null;
}

/**
 * Prices a checkout on the server (DESIGN §4, §10): the discount, then the shipping rates the cart and address may
 * use (the subtotal after the discount, before tax, and the weight decide; an order of pre-orders alone may ship free,
 * server/pricing/preorder-shipping.ts), the chosen one or the cheapest, then the tax from the provider. `strict`
 * (paying) refuses an unknown shipping choice and an address nothing ships to; the quote shows what it can instead.
 */
export async function priceCheckout(
  { rules, taxProvider }: { rules: PricingRules; taxProvider: TaxProvider },
  { lines, discount, address, shippingRateId, strict }: { lines: CheckoutLine[]; discount: Discount | null; address: CheckoutAddress | null; shippingRateId?: number; strict: boolean },
): Promise<CheckoutPricing> {
  const destination = address ? { country: address.country, subdivision: subdivisionOf(address.country, address.region), postalCode: address.postalCode } : null;
  // Tax and shipping depend on the state or province: one the store can't read is refused, never priced as elsewhere.
  if (destination && !destination.subdivision && address!.region.trim() && STATES_REQUIRED.has(destination.country)) {
    throw new AppError("bad_request", `We don't know the ${destination.country === "US" ? "state" : "province"} "${address!.region.trim().slice(0, 40)}". Enter its name or its two-letter code (for example ${destination.country === "US" ? "CA or California" : "ON or Ontario"}).`);
  }
  const base = priceOrder({ lines, discount: discount?.rule ?? null });
  const parcel = { subtotalCents: base.subtotalCents - base.discountCents, weightGrams: lines.reduce((g, l) => g + (l.weightGrams ?? 0) * l.quantity, 0) };
  const zone = shippingZoneFor(rules, destination);
  const options = zone ? shippingOptions(zone.rates, parcel, lines) : [];
  const picked = shippingRateId === undefined ? undefined : options.find((o) => o.id === shippingRateId);
  if (strict && destination && options.length === 0) throw new AppError("bad_request", `We don't ship this order to ${placeName(destination)} yet.`);
  if (strict && shippingRateId !== undefined && !picked) throw new AppError("bad_request", "That shipping option isn't available for this order and address. Please choose another.");
  const chosen = picked ?? options[0] ?? null;
  const untaxed = priceOrder({ lines, discount: discount?.rule ?? null, shippingCents: chosen?.priceCents ?? 0 });
  const amounts = taxableAmounts(lines, untaxed);

  if (!destination) {
    // Before an address: the rules for everywhere, when there are such rules and the tables decide.
    const everywhere = rules.taxProvider === "manual" ? taxZoneFor(rules, null) : null;
    const rates = [...lines.map((l) => ratesFor(rules, everywhere, l.taxCategoryId)), shippingTaxRates(rules, everywhere)];
    const priced = addTax(untaxed, taxAmounts(amounts, rates, rules.pricesIncludeTax, lines.length), rules.pricesIncludeTax);
    return { priced, destination, options, chosen, taxForAddress: false, calculationId: null };
  }
  try {
    const quote = await taxProvider.quote({
      lines: lines.map((l, i) => ({ reference: `line-${i}`, amountCents: amounts[i]!, quantity: l.quantity, taxCategoryId: l.taxCategoryId })),
      shippingCents: untaxed.shippingCents,
      address: { ...destination, line1: address?.line1, city: address?.city },
      included: rules.pricesIncludeTax,
    }, rules);
    return { priced: addTax(untaxed, quote.lines, rules.pricesIncludeTax), destination, options, chosen, taxForAddress: true, calculationId: quote.calculationId };
  } catch (err) {
    if (err instanceof TaxUnavailable) throw new AppError("unavailable", TAX_UNAVAILABLE);
    throw err;
  }
}
