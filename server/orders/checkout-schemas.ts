import { z } from "zod";
import { COUNTRIES } from "../../shared/regions";

export const SHIPPING_COUNTRIES = COUNTRIES;

const text = (label: string, max: number) => z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} is too long`);

export const addressSchema = z
  .object({
    line1: text("Address", 200),
    line2: z.string().trim().max(200, "Address line 2 is too long").optional(),
    city: text("City", 100),
    region: text("State / region", 100),
    postalCode: z.string({ error: "Postal code is required" }).trim().regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/, "Postal code looks wrong"),
    country: z.enum(Object.keys(SHIPPING_COUNTRIES) as [keyof typeof SHIPPING_COUNTRIES], { error: "We ship to the United States, Canada and the United Kingdom" }),
  })
  .strict();

export const discountCodeSchema = z.string().trim().max(40, "Discount code is too long").transform((v) => v.toUpperCase());

/** A utm value as campaigns write them: letters, digits, spaces and . _ ~ + - only, kept in lower case. */
const utmValue = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(100, `${field} is too long`)
    .regex(/^[\p{L}\p{N} ._~+-]+$/u, `${field} can hold letters, digits, spaces and . _ ~ + - only`)
    .transform((v) => v.toLowerCase());

/**
 * Where the shopper came from (issue 52's sales by channel): the landing page's utm_source and utm_medium and the
 * referring site's host name (never its path), as the storefront kept them for the visit (app/lib/attribution.ts).
 */
export const attributionSchema = z
  .object({
    utmSource: utmValue("utmSource").optional(),
    utmMedium: utmValue("utmMedium").optional(),
    referrer: z
      .string({ error: "referrer must be text" })
      .trim()
      .toLowerCase()
      .max(253, "referrer is too long")
      .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, "referrer must be a host name such as www.google.com")
      .optional(),
  })
  .strict();

/**
 * POST /api/create-payment-intent. SPEC §7 sends `amount` (the cart total in dollars); it is accepted and ignored:
 * the server prices the cart itself.
 */
export const checkoutDetailsSchema = z
  .object({
    email: z.email({ error: "Enter a valid email address" }).max(254, "Email is too long"),
    /** The unticked "Email me about my order and offers" box (issue 31); absent is no. */
    marketingConsent: z.boolean({ error: "marketingConsent must be true or false" }).optional(),
    name: text("Full name", 100),
    address: addressSchema,
    discountCode: discountCodeSchema.optional(),
    /** The shipping rate the shopper picked (from the quote's options); the cheapest one when left out. */
    shippingRateId: z.number().int().positive().max(2_147_483_647).optional(),
    /** Pay with the signed-in account's store credit first (issue 51); a guest asking for it is refused. */
    useStoreCredit: z.boolean({ error: "useStoreCredit must be true or false" }).optional(),
    amount: z.number().optional(),
    attribution: attributionSchema.optional(),
  })
  .strict();

const countrySchema = addressSchema.shape.country;

/** POST /api/checkout/quote: the address as far as it is typed decides the shipping rates and the tax. */
export const quoteSchema = z
  .object({
    discountCode: discountCodeSchema.optional(),
    address: z
      .object({
        country: countrySchema,
        region: z.string().trim().max(100, "State / region is too long").default(""),
        postalCode: z.string().trim().max(10, "Postal code is too long").default(""),
        line1: z.string().trim().max(200, "Address is too long").optional(),
        city: z.string().trim().max(100, "City is too long").optional(),
      })
      .strict()
      .optional(),
    shippingRateId: z.number().int().positive().max(2_147_483_647).optional(),
    useStoreCredit: z.boolean({ error: "useStoreCredit must be true or false" }).optional(),
  })
  .strict();

export type QuoteInput = z.infer<typeof quoteSchema>;

export type CheckoutDetails = z.infer<typeof checkoutDetailsSchema>;
