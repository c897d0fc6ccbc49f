import { z } from "zod";

export const MAX_QUANTITY = 99;

const quantity = z
  .number({ error: "must be a whole number from 1 to 99" })
  .int("must be a whole number from 1 to 99")
  .min(1, "must be at least 1")
  .max(MAX_QUANTITY, `must be at most ${MAX_QUANTITY}`);

/** POST /api/cart/items (SPEC §3 add-to-cart payload). Colour may be left out for a product with one colour-way. */
export const addCartItemSchema = z
  .object({
    productId: z.number({ error: "must be a product id" }).int("must be a product id").positive("must be a product id").max(2_147_483_647, "must be a product id"),
    quantity,
    color: z.string({ error: "must be text" }).trim().min(1, "must not be empty").max(40, "is too long").optional(),
    size: z.string({ error: "is required" }).trim().min(1, "is required").max(20, "is too long"),
  })
  .strict();

/** PATCH /api/cart/items/{id} */
export const updateCartItemSchema = z.object({ quantity }).strict();

export type AddCartItemInput = z.infer<typeof addCartItemSchema>;
