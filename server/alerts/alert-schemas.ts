import { z } from "zod";

const email = z
  .string({ error: "Please enter your email address." })
  .trim()
  .min(1, "Please enter your email address.")
  .pipe(z.email({ error: "Enter a valid email address" }).max(254, "Email is too long"))
  .transform((e) => e.toLowerCase());

/** POST /api/stock-alerts: one sold-out variant (a colour in a size). */
export const stockAlertSchema = z
  .object({
    variantId: z.number({ error: "must be a variant id" }).int("must be a variant id").positive("must be a variant id").max(2_147_483_647, "must be a variant id"),
    email,
  })
  .strict();

/** POST /api/stock-alerts/waitlist: a whole drop, once it is sold out (its slug; none: the first drop, VSOP). */
export const waitlistSchema = z
  .object({ email, drop: z.string({ error: "must be a drop's slug" }).trim().toLowerCase().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be a drop's slug").max(80, "must be a drop's slug").optional() })
  .strict();

/** POST /api/stock-alerts/confirm: the token from the emailed link. */
export const alertTokenSchema = z.object({ token: z.string({ error: "is required" }).regex(/^[A-Za-z0-9_-]{43}$/, "This link is invalid or has expired. Sign up for the alert again.") }).strict();

export type StockAlertInput = z.infer<typeof stockAlertSchema>;
