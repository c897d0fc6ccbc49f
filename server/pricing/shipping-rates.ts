import type { ShippingRateKind } from "../db/schema";

export interface ShippingRate {
  id: number;
  name: string;
  kind: ShippingRateKind;
  amountCents: number;
  minSubtotalCents: number | null;
  maxSubtotalCents: number | null;
  minWeightGrams: number | null;
  maxWeightGrams: number | null;
  minDays: number;
  maxDays: number;
  active: boolean;
}

/** What decides a rate: the subtotal after discounts and before tax, and the parcel's weight. */
export interface Parcel {
  subtotalCents: number;
  weightGrams: number;
}

export interface RateVerdict {
  applies: boolean;
  /** What the rate costs for this parcel. */
  amountCents: number;
  /** Why it applies or not, in the merchant's words. */
  reason: string;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
/** 500 → "500 g", 2500 → "2.5 kg", 10000 → "10 kg" (kilograms to at most 2 decimals). */
const grams = (g: number) => (g >= 1000 ? `${Number((g / 1000).toFixed(2))} kg` : `${g} g`);

/** Whether a value is within [min, max), and why, in words; a minimum of 0 is no minimum ("under $50.00"). */
function within(value: number, lowest: number | null, max: number | null, show: (n: number) => string, what: string): { ok: boolean; why: string } {
  const min = lowest === 0 ? null : lowest;
  if (min !== null && value < min) return { ok: false, why: `${what} ${show(value)} is under the ${show(min)} minimum` };
  if (max !== null && value >= max) return { ok: false, why: `${what} ${show(value)} is not under the ${show(max)} limit` };
  const range = min !== null && max !== null ? `from ${show(min)} up to ${show(max)}` : min !== null ? `at least ${show(min)}` : max !== null ? `under ${show(max)}` : "any";
  return { ok: true, why: `${what} ${show(value)} is ${range}` };
}

/** Whether a rate is offered for a parcel, what it costs, and why. */
export function judgeRate(rate: ShippingRate, parcel: Parcel): RateVerdict {
  if (!rate.active) return { applies: false, amountCents: rate.amountCents, reason: "The rate is turned off" };
  switch (rate.kind) {
    case "flat":
      return { applies: true, amountCents: rate.amountCents, reason: `Flat rate of ${dollars(rate.amountCents)} on every order` };
    case "free":
      return { applies: true, amountCents: 0, reason: "Free on every order" };
    case "free_over": {
      const { ok, why } = within(parcel.subtotalCents, rate.minSubtotalCents, null, dollars, "Subtotal");
      return { applies: ok, amountCents: 0, reason: why };
    }
    case "price_band": {
      const { ok, why } = within(parcel.subtotalCents, rate.minSubtotalCents, rate.maxSubtotalCents, dollars, "Subtotal");
      return { applies: ok, amountCents: rate.amountCents, reason: why };
    }
    case "weight_band": {
      const { ok, why } = within(parcel.weightGrams, rate.minWeightGrams, rate.maxWeightGrams, grams, "Weight");
      return { applies: ok, amountCents: rate.amountCents, reason: why };
    }
  }
}

/** The rates offered for a parcel, cheapest first (then fastest): the shopper picks one, the first is the default. */
export function offeredRates<R extends ShippingRate>(rates: R[], parcel: Parcel): (R & { priceCents: number })[] {
  return rates
    .map((rate) => ({ rate, verdict: judgeRate(rate, parcel) }))
    .filter(({ verdict }) => verdict.applies)
    .map(({ rate, verdict }) => ({ ...rate, priceCents: verdict.amountCents }))
    .sort((a, b) => a.priceCents - b.priceCents || a.maxDays - b.maxDays || a.id - b.id);
}

/**
 * The smallest subtotal from which a zone ships free, from its free and free-over rates (0: always free), or null
 * when nothing ships free there. The storefront's "free shipping" copy and the cart's "$X to go" come from this.
 */
export function freeShippingFrom(rates: ShippingRate[]): number | null {
  const free = rates.filter((r) => r.active && (r.kind === "free" || r.kind === "free_over" || (r.amountCents === 0 && r.kind === "flat")));
  const noWeightLimit = free.filter((r) => r.kind !== "weight_band");
  if (noWeightLimit.length === 0) return null;
  return Math.min(...noWeightLimit.map((r) => (r.kind === "free_over" ? (r.minSubtotalCents ?? 0) : 0)));
}
