import { z } from "zod";

/** An order number as a shopper types it: any case, spaces around. */
export const orderNumberInput = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^VS-\d{1,12}$/, "must be an order number like VS-100123"));

/** POST /api/orders/lookup: an order's number and the email it was placed with. */
export const orderLookupSchema = z.object({ orderNumber: orderNumberInput, email: z.email("must be an email address").max(254) }).strict();
export type OrderLookup = z.output<typeof orderLookupSchema>;
