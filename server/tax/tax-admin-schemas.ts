import { z } from "zod";
import { TAX_PROVIDERS } from "../db/schema";

/** The highest rate staff may enter: no sales tax or VAT comes near it, so anything above is a typo. */
export const MAX_RATE_MILLI_PERCENT = 30_000;

/**
 * A rate in percent, as text or a number, with at most 3 decimals: "8.625" → 8625 thousandths of a percent. Read
 * from the decimal text, so 8.625 is stored as exactly 8625 (no 8.624999…).
 */
export const ratePercentSchema = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const text = (typeof value === "number" ? String(value) : value).trim().replace(/\s*%$/, "");
  if (/^-/.test(text)) {
    ctx.addIssue({ code: "custom", message: "must not be negative" });
    return z.NEVER;
  }
  const match = /^(\d{1,3})(?:\.(\d{1,3}))?$/.exec(text) ?? /^()\.(\d{1,3})$/.exec(text);
  if (!match) {
    ctx.addIssue({ code: "custom", message: /^\d*\.\d{4,}$/.test(text) ? "must have at most 3 decimals, like 8.625" : "must be a percentage like 8.625" });
    return z.NEVER;
  }
  const milli = Number(match[1] || "0") * 1000 + Number((match[2] ?? "").padEnd(3, "0"));
  if (milli > MAX_RATE_MILLI_PERCENT) {
    ctx.addIssue({ code: "custom", message: `must be at most ${MAX_RATE_MILLI_PERCENT / 1000}%: is ${text}% a typo?` });
    return z.NEVER;
  }
  return milli;
});

const id = z.number().int().min(1).max(2_147_483_647);
const rateName = z.string().trim().min(1, "must not be empty").max(60, "must be at most 60 characters");

/** POST /api/admin/tax/rates: a rate of a tax zone, for one category or (null) for all without their own. */
export const taxRateFieldsSchema = z
  .object({
    zoneId: id,
    name: rateName,
    taxCategoryId: id.nullable().default(null),
    rate: ratePercentSchema,
  })
  .strict();
export type TaxRateFields = z.output<typeof taxRateFieldsSchema>;

/** PATCH /api/admin/tax/rates/{id}: its name, category or rate (it stays in its zone). */
export const taxRateChangeSchema = z
  .object({ name: rateName, taxCategoryId: id.nullable(), rate: ratePercentSchema })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, "Nothing to change");
export type TaxRateChange = z.output<typeof taxRateChangeSchema>;

const categoryName = z.string().trim().min(1, "must not be empty").max(60, "must be at most 60 characters");
const stripeTaxCode = z
  .string()
  .trim()
  .regex(/^(txcd_\d{8})?$/, "must be a Stripe tax code like txcd_30011000")
  .nullable()
  .transform((s) => (s ? s : null));

/** POST /api/admin/tax/categories: what products can be taxed as; `isDefault` makes it the one for products without. */
export const taxCategoryFieldsSchema = z
  .object({ name: categoryName, stripeTaxCode: stripeTaxCode.default(null), isDefault: z.boolean().default(false) })
  .strict();
export type TaxCategoryFields = z.output<typeof taxCategoryFieldsSchema>;

/** PATCH /api/admin/tax/categories/{id}; `isDefault: true` moves the default here (it can't be taken away, only moved). */
export const taxCategoryChangeSchema = z
  .object({ name: categoryName, stripeTaxCode, isDefault: z.literal(true, "can only be set to true: make another category the default instead") })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, "Nothing to change");
export type TaxCategoryChange = z.output<typeof taxCategoryChangeSchema>;

/** PUT /api/admin/tax/settings: the three tax settings, all given. */
export const taxSettingsSchema = z
  .object({
    pricesIncludeTax: z.boolean(),
    taxOnShipping: z.boolean(),
    taxProvider: z.enum(TAX_PROVIDERS, "must be manual or stripe_tax"),
  })
  .strict();
export type TaxSettings = z.output<typeof taxSettingsSchema>;

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "must be a month like 2026-03");

/** GET /api/admin/tax/report(.csv)?from=YYYY-MM&to=YYYY-MM: both optional (the last 12 months), at most 5 years. */
export const taxReportQuery = z
  .object({ from: month.optional(), to: month.optional() })
  .strict()
  .refine((q) => !q.from || !q.to || q.from <= q.to, "from must not come after to");
export type TaxReportQuery = z.output<typeof taxReportQuery>;
