import { z } from "zod";
import { addressSchema } from "../orders/checkout-schemas";

const lineId = z.number({ error: "lineId must be the order line's id (a number)" }).int("lineId must be a whole number").positive("lineId must be positive");
const variantId = z.number({ error: "variantId must be a variant's id (a number)" }).int("variantId must be a whole number").positive("variantId must be positive");
const quantity = z.number({ error: "quantity must be a number" }).int("quantity must be a whole number").min(1, "quantity must be at least 1").max(99, "quantity must be at most 99");

/** One change of an order edit (issue 51): the API's names. */
export const editChangeSchema = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("swap"), lineId, variantId }).strict(),
    z.object({ type: z.literal("quantity"), lineId, quantity }).strict(),
    z.object({ type: z.literal("add"), variantId, quantity }).strict(),
    z.object({ type: z.literal("remove"), lineId }).strict(),
    // The name on the parcel may change with the address; left out, it stays.
    z.object({ type: z.literal("address"), address: addressSchema.extend({ name: z.string().trim().min(1, "Full name is required").max(100, "Full name is too long").optional() }).strict() }).strict(),
  ],
  { error: "type must be swap, quantity, add, remove or address" },
);

/** POST /api/admin/orders/{orderNumber}/edits. */
export const orderEditSchema = z
  .object({
    changes: z.array(editChangeSchema, { error: "changes must be a list" }).min(1, "changes must name at least one change").max(50, "changes can hold at most 50 changes"),
    /** Email the shopper the changes (and the payment link when there is a difference to pay). */
    notify: z.boolean({ error: "notify must be true or false" }).default(true),
  })
  .strict();

/** `?preview=1` prices the edit without applying it. */
export const orderEditQuery = z.object({ preview: z.enum(["0", "1", "true", "false"], { error: "preview must be 1 or 0" }).optional() }).strict();

export type EditChange = z.infer<typeof editChangeSchema>;
export type OrderEditInput = z.infer<typeof orderEditSchema>;

/** The payment link's token: 43 base64url characters (256 random bits). */
export const editTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "must be a payment link");
