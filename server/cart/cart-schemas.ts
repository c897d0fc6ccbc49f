import { z } from "zod";

export const MAX_QUANTITY = 99;

const quantity = z
  .number({ error: "must be a whole number from 1 to 99" })
  .int("must be a whole number from 1 to 99")
  .min(1, "must be at least 1")
  .max(MAX_QUANTITY, `must be at most ${MAX_QUANTITY}`);

/**
 * A gift card's line (issue 51): who it is emailed to (left out: the buyer), a note, and the day it goes out (left
 * out or today: once paid). Only a gift card product takes it.
 */
export const giftCardLineSchema = z
  .object({
    recipientEmail: z.email({ error: "must be an email address" }).max(254, "is too long").optional(),
    message: z.string({ error: "must be text" }).trim().max(300, "must be at most 300 characters").optional(),
    sendOn: z.iso.date({ error: "must be a date such as 2026-12-24" }).optional(),
  })
  .strict();
export type GiftCardLineInput = z.infer<typeof giftCardLineSchema>;

/** POST /api/cart/items (SPEC §3 add-to-cart payload). Colour may be left out for a product with one colour-way. */
export const addCartItemSchema = z
  .object({
    productId: z.number({ error: "must be a product id" }).int("must be a product id").positive("must be a product id").max(2_147_483_647, "must be a product id"),
    quantity,
    color: z.string({ error: "must be text" }).trim().min(1, "must not be empty").max(40, "is too long").optional(),
    size: z.string({ error: "is required" }).trim().min(1, "is required").max(20, "is too long"),
    giftCard: giftCardLineSchema.optional(),
  })
  .strict();

/** PATCH /api/cart/items/{id} */
export const updateCartItemSchema = z.object({ quantity }).strict();

export type AddCartItemInput = z.infer<typeof addCartItemSchema>;
