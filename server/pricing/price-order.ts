import { COUNTRIES, isCountry, subdivisionName, subdivisionOf } from "../../shared/regions";
import { AppError } from "../errors";
import { type TaxProvider, TaxUnavailable } from "../tax/tax-provider";
import { type DiscountRule, type PricedLine, type PricedOrder, addTax, taxableAmounts, totalOrder } from "./order-totals";
import type { PricingRules, ShippingZone } from "./pricing-rules";
import { type PreorderLine, shippingOptions } from "./preorder-shipping";
import type { ShippingRate } from "./shipping-rates";
import { applyTenders, type Tenders, type TenderSplit } from "./tenders";
import { type Destination, zoneFor } from "./zones";

/** A line as the pricing needs it: its price and quantity, its collection, what it is taxed as, and its weight. */
export interface OrderLine extends PricedLine, PreorderLine {
  /** null: the default category. */
  taxCategoryId: number | null;
  /** One unit's weight; null: unknown. */
  weightGrams: number | null;
}

/** Where the shopper ships to, as far as they have typed it. */
export interface OrderAddress {
  country: string;
  region: string;
  postalCode: string;
  line1?: string;
  city?: string;
}

export type ShippingOption = ShippingRate & { priceCents: number };

export interface OrderPricing extends TenderSplit {
  /** The order's totals: its tax is on the whole order, whatever pays it. */
  priced: PricedOrder;
  destination: Destination | null;
  /** The shipping rates offered for this cart and address, cheapest first; the chosen one. */
  options: ShippingOption[];
  chosen: ShippingOption | null;
  /** The tax is for this address (false: the rules for everywhere, or none before an address). */
  taxForAddress: boolean;
  /** The tax provider's calculation, to commit once paid (null for the manual tables). */
  calculationId: string | null;
}

export interface PricingContext {
  rules: PricingRules;
  /** The provider the rules name (manual tables or Stripe Tax), asked with or without an address. */
  taxProvider: TaxProvider;
  discount: DiscountRule | null;
  /** null: before an address (the cart, a checkout not yet typed). */
  address: OrderAddress | null;
  /** The rate the shopper picked; the cheapest otherwise. */
  shippingRateId?: number;
  /** Paying: an unknown shipping choice and an address nothing ships to are refused, not priced as well as can be. */
  strict: boolean;
  /** Gift cards and store credit available to pay with, applied after tax to the amount due (issue 51). */
  tenders?: Tenders | null;
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
 * The one pricing path (DESIGN §4, §10; issue 50): the cart's estimate, the checkout's quote, the payment, and the
 * order stored all come from here, so what a shopper is shown is what they are charged.
 *
 * The discount, then the shipping rates the cart and address may use (the subtotal after the discount, before tax,
 * and the weight decide; an order of pre-orders alone may ship free, server/pricing/preorder-shipping.ts), the chosen
 * one or the cheapest, then the tax from the provider the rules name, with or without an address; last, gift cards
 * and store credit pay what they can of the total (tenders: never taxed, and they don't lower the tax), leaving the
 * amount due for the card.
 */
export async function priceOrder(lines: OrderLine[], { rules, taxProvider, discount, address, shippingRateId, strict, tenders }: PricingContext): Promise<OrderPricing> {
  const destination = address ? { country: address.country, subdivision: subdivisionOf(address.country, address.region), postalCode: address.postalCode } : null;
  // Tax and shipping depend on the state or province: one the store can't read is refused, never priced as elsewhere.
  if (destination && !destination.subdivision && address!.region.trim() && STATES_REQUIRED.has(destination.country)) {
    throw new AppError("bad_request", `We don't know the ${destination.country === "US" ? "state" : "province"} "${address!.region.trim().slice(0, 40)}". Enter its name or its two-letter code (for example ${destination.country === "US" ? "CA or California" : "ON or Ontario"}).`);
  }
  const base = totalOrder({ lines, discount });
  // Gift cards bought are never shipped: they weigh nothing, don't count toward a rate's subtotal, and an order of
  // them alone needs no shipping at all (no rate, nothing charged).
  const shipped = lines.filter((l) => !l.giftCard);
  const giftCardCents = lines.reduce((sum, l) => sum + (l.giftCard ? l.unitPriceCents * l.quantity : 0), 0);
  const parcel = { subtotalCents: base.subtotalCents - base.discountCents - giftCardCents, weightGrams: shipped.reduce((g, l) => g + (l.weightGrams ?? 0) * l.quantity, 0) };
  const zone = shippingZoneFor(rules, destination);
  const needsShipping = lines.length === 0 || shipped.length > 0;
  const options = zone && needsShipping ? shippingOptions(zone.rates, parcel, shipped) : [];
  const picked = shippingRateId === undefined ? undefined : options.find((o) => o.id === shippingRateId);
  if (strict && destination && needsShipping && options.length === 0) throw new AppError("bad_request", `We don't ship this order to ${placeName(destination)} yet.`);
  if (strict && needsShipping && shippingRateId !== undefined && !picked) throw new AppError("bad_request", "That shipping option isn't available for this order and address. Please choose another.");
  const chosen = picked ?? options[0] ?? null;
  const untaxed = totalOrder({ lines, discount, shippingCents: chosen?.priceCents ?? 0 });
  const amounts = taxableAmounts(lines, untaxed);
  try {
    const quote = await taxProvider.quote(
      {
        lines: lines.map((l, i) => ({ reference: `line-${i}`, amountCents: amounts[i]!, quantity: l.quantity, taxCategoryId: l.taxCategoryId })),
        shippingCents: untaxed.shippingCents,
        address: destination && { ...destination, line1: address?.line1, city: address?.city },
        included: rules.pricesIncludeTax,
      },
      rules,
    );
    const priced = addTax(untaxed, quote.lines, rules.pricesIncludeTax);
    return { priced, ...applyTenders(priced.totalCents, tenders), destination, options, chosen, taxForAddress: destination !== null, calculationId: quote.calculationId };
  } catch (err) {
    if (err instanceof TaxUnavailable) throw new AppError("unavailable", TAX_UNAVAILABLE);
    throw err;
  }
}
