import { z } from "zod";
import { SHIPPING_RATE_KINDS } from "../db/schema";
import type { ShippingRate } from "../pricing/shipping-rates";

export const MAX_SHIPPING_CENTS = 1_000_000;
export const MAX_DELIVERY_DAYS = 60;

const cents = (what: string, max: number) =>
  z
    .number(`must be a number of cents`)
    .int("must be a whole number of cents")
    .min(0, "must not be negative")
    .max(max, `${what} must be at most $${(max / 100).toLocaleString("en-US")}.00`);
const grams = z.number("must be a number of grams").int("must be a whole number of grams").min(0, "must not be negative").max(1_000_000, "must be at most 1,000 kg");
const days = z.number("must be a number of days").int("must be a whole number of days").min(0, "must not be negative").max(MAX_DELIVERY_DAYS, `must be at most ${MAX_DELIVERY_DAYS} days`);

const fields = {
  name: z.string().trim().min(1, "must not be empty").max(60, "must be at most 60 characters"),
  kind: z.enum(SHIPPING_RATE_KINDS, "must be flat, free, free_over, price_band or weight_band"),
  amountCents: cents("a shipping price", MAX_SHIPPING_CENTS),
  minSubtotalCents: cents("a subtotal", 100_000_000).nullable(),
  maxSubtotalCents: cents("a subtotal", 100_000_000).nullable(),
  minWeightGrams: grams.nullable(),
  maxWeightGrams: grams.nullable(),
  minDays: days,
  maxDays: days,
  position: z.number().int().min(0).max(1000),
  active: z.boolean(),
};

/** What decides a rate's sense: everything but its name, its place and whether it is on. */
export type RateRules = Omit<ShippingRate, "id" | "name" | "active">;

const dollars = (c: number) => `$${(c / 100).toFixed(2)}`;

/**
 * Which values a kind takes (a rate never carries a limit it doesn't use, so what staff see is what applies), and
 * the bands run from min up to (not including) max. Null when the rate is sound.
 */
export function rateProblems(r: RateRules): string | null {
  const subtotalLimits = r.minSubtotalCents !== null || r.maxSubtotalCents !== null;
  const weightLimits = r.minWeightGrams !== null || r.maxWeightGrams !== null;
  if (r.minDays > r.maxDays) return `minDays (${r.minDays}) must not be more than maxDays (${r.maxDays})`;
  switch (r.kind) {
    case "flat":
    case "free":
      if (r.kind === "free" && r.amountCents !== 0) return "a free rate costs nothing: amountCents must be 0";
      if (subtotalLimits || weightLimits) return `a ${r.kind} rate applies to every order: it takes no subtotal or weight limits (use price_band or weight_band)`;
      return null;
    case "free_over":
      if (r.minSubtotalCents === null || r.minSubtotalCents === 0) return "a free_over rate needs minSubtotalCents, the subtotal from which shipping is free";
      if (r.maxSubtotalCents !== null || weightLimits) return "a free_over rate takes only minSubtotalCents";
      if (r.amountCents !== 0) return "a free_over rate costs nothing: amountCents must be 0";
      return null;
    case "price_band":
      if (weightLimits) return "a price_band rate takes subtotal limits, not weight limits";
      if (!subtotalLimits) return "a price_band rate needs minSubtotalCents or maxSubtotalCents (without either, use a flat rate)";
      if (r.minSubtotalCents !== null && r.maxSubtotalCents !== null && r.minSubtotalCents >= r.maxSubtotalCents)
        return `the band's minimum (${dollars(r.minSubtotalCents)}) must be under its maximum (${dollars(r.maxSubtotalCents)})`;
      return null;
    case "weight_band":
      if (subtotalLimits) return "a weight_band rate takes weight limits, not subtotal limits";
      if (!weightLimits) return "a weight_band rate needs minWeightGrams or maxWeightGrams (without either, use a flat rate)";
      if (r.minWeightGrams !== null && r.maxWeightGrams !== null && r.minWeightGrams >= r.maxWeightGrams)
        return `the band's minimum (${r.minWeightGrams} g) must be under its maximum (${r.maxWeightGrams} g)`;
      return null;
  }
}

/** POST /api/admin/shipping/rates: a way to ship to a shipping zone; only the values its kind uses. */
export const shippingRateFieldsSchema = z
  .object({
    zoneId: z.number().int().min(1).max(2_147_483_647),
    ...fields,
    amountCents: fields.amountCents.default(0),
    minSubtotalCents: fields.minSubtotalCents.default(null),
    maxSubtotalCents: fields.maxSubtotalCents.default(null),
    minWeightGrams: fields.minWeightGrams.default(null),
    maxWeightGrams: fields.maxWeightGrams.default(null),
    position: fields.position.default(0),
    active: fields.active.default(true),
  })
  .strict()
  .superRefine((v, ctx) => {
    const problem = rateProblems(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
export type ShippingRateFields = z.output<typeof shippingRateFieldsSchema>;

/** PATCH /api/admin/shipping/rates/{id}: any of its values (checked again with the rest of the rate). */
export const shippingRateChangeSchema = z
  .object(fields)
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, "Nothing to change");
export type ShippingRateChange = z.output<typeof shippingRateChangeSchema>;
