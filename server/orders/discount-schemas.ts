import { z } from "zod";

const cents = z.number().int("must be a whole number of cents").min(1).max(10_000_000);
const when = z.iso.datetime({ offset: true, error: "must be a date and time like 2026-12-01T09:00:00Z" }).transform((s) => new Date(s));
const collectionSlug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be a collection's address").max(40);

/** The rules of a code; which value it needs depends on its kind (checked in `checkKind`). */
const fields = {
  kind: z.enum(["percent", "fixed", "free_shipping"], "must be percent, fixed or free_shipping"),
  percentOff: z.number().int("must be a whole percentage").min(1).max(100).nullable(),
  amountOffCents: cents.nullable(),
  minSubtotalCents: cents.nullable(),
  startsAt: when.nullable(),
  expiresAt: when.nullable(),
  usageLimit: z.number().int().min(1).max(1_000_000).nullable(),
  oncePerCustomer: z.boolean(),
  /** Collections it applies to; empty: every product. */
  collections: z.array(collectionSlug).max(50),
  active: z.boolean(),
};

type Rules = { kind?: string; percentOff?: number | null; amountOffCents?: number | null; startsAt?: Date | null; expiresAt?: Date | null };

/** A percentage code needs percentOff, a fixed one amountOffCents, free shipping neither; the end comes after the start. */
export function kindProblems(v: Rules): string | null {
  if (v.kind === "percent" && (v.percentOff == null || v.amountOffCents != null)) return "a percent code takes percentOff (1-100) and no amountOffCents";
  if (v.kind === "fixed" && (v.amountOffCents == null || v.percentOff != null)) return "a fixed code takes amountOffCents and no percentOff";
  if (v.kind === "free_shipping" && (v.percentOff != null || v.amountOffCents != null)) return "a free-shipping code takes neither percentOff nor amountOffCents";
  if (v.startsAt && v.expiresAt && v.startsAt >= v.expiresAt) return "expiresAt must come after startsAt";
  return null;
}

/** POST /api/admin/discounts: a new code; only its code and kind (with its value) are required. */
export const discountFieldsSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{2,39}$/, "must be 3-40 letters, digits, dashes or underscores")
      .transform((c) => c.toUpperCase()),
    ...fields,
    percentOff: fields.percentOff.default(null),
    amountOffCents: fields.amountOffCents.default(null),
    minSubtotalCents: fields.minSubtotalCents.default(null),
    startsAt: fields.startsAt.default(null),
    expiresAt: fields.expiresAt.default(null),
    usageLimit: fields.usageLimit.default(null),
    oncePerCustomer: fields.oncePerCustomer.default(false),
    collections: fields.collections.default([]),
    active: fields.active.default(true),
  })
  .strict()
  .superRefine((v, ctx) => {
    const problem = kindProblems(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
export type DiscountFields = z.output<typeof discountFieldsSchema>;

/** PATCH /api/admin/discounts/{code}: any rules but the code itself (orders name it). */
export const discountChangeSchema = z
  .object(fields)
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, "Nothing to change");
export type DiscountChange = z.output<typeof discountChangeSchema>;
