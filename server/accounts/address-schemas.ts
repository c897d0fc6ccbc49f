import { z } from "zod";
import { addressSchema } from "../orders/checkout-schemas";

const name = z.string({ error: "Full name is required" }).trim().min(1, "Full name is required").max(100, "Full name is too long");

/** POST /api/account/addresses: a shipping address as checkout takes it, with the recipient's name. */
export const savedAddressSchema = addressSchema.extend({ name, isDefault: z.boolean().default(false) }).strict();
export type SavedAddressInput = z.output<typeof savedAddressSchema>;

/** PATCH /api/account/addresses/{id}: any of its fields; `isDefault: true` makes it the default. */
export const savedAddressChangeSchema = addressSchema
  .extend({ name, isDefault: z.literal(true) })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, "Nothing to change");
export type SavedAddressChange = z.output<typeof savedAddressChangeSchema>;
