import { z } from "zod";
import { orderNumberInput } from "./order-lookup-schemas";

const lines = z
  .array(z.object({ itemId: z.number().int().positive(), quantity: z.number().int().min(1).max(99) }).strict())
  .min(1, "choose at least one line")
  .max(100)
  .refine((ls) => new Set(ls.map((l) => l.itemId)).size === ls.length, "each line only once");

/** POST /api/admin/orders/{orderNumber}/refunds: by lines (their share of discount and tax) or by an amount. */
export const staffRefundSchema = z
  .object({
    amountCents: z.number().int("must be a whole number of cents").min(1).max(10_000_000).optional(),
    lines: lines.optional(),
    reason: z.string().trim().min(3, "say why, for the order's history").max(300),
    /** Put refunded lines' units back on sale. */
    restock: z.boolean().default(false),
  })
  .strict()
  .superRefine((v, ctx) => {
    if ((v.amountCents === undefined) === (v.lines === undefined)) ctx.addIssue({ code: "custom", message: "refund either lines or an amount" });
    if (v.restock && !v.lines) ctx.addIssue({ code: "custom", path: ["restock"], message: "only refunded lines can be restocked" });
  });
export type StaffRefund = z.output<typeof staffRefundSchema>;

const exchangesSchema = z
  .array(
    z.object({ itemId: z.number().int().positive(), variantId: z.number({ error: "must be a variant id" }).int("must be a variant id").positive("must be a variant id").max(2_147_483_647, "must be a variant id") }).strict(),
    { error: "must be a list of {itemId, variantId}" },
  )
  .min(1, "name at least one item")
  .max(50, "too many items");

/** POST /api/returns: lines of a delivered order to send back, and why; by its owner, or with the order's email. */
export const returnRequestSchema = z
  .object({
    orderNumber: orderNumberInput,
    email: z.email("must be an email address").max(254).optional(),
    lines,
    reason: z.string().trim().min(3, "tell us why, in a few words").max(500),
    /** Store credit instead of money back, when the store's settings offer it; or an exchange (issue 51). */
    resolution: z.enum(["refund", "store_credit", "exchange"], { error: "resolution must be refund, store_credit or exchange" }).optional(),
    /** For an exchange: the size or colour (a variant of the same product) to send instead of each returned line. */
    exchanges: exchangesSchema.optional(),
  })
  .strict()
  .refine((v) => v.exchanges === undefined || v.resolution === "exchange", { path: ["exchanges"], message: "only an exchange names what to send instead" });
export type ReturnRequest = z.output<typeof returnRequestSchema>;

/** POST /api/admin/returns/{returnNumber}: staff's decision, then the parcel's arrival. */
export const returnDecisionSchema = z.discriminatedUnion("action", [
  // resolution: money back to the card (default) or store credit to the order's email (issue 51).
  // exchange: the shopper's chosen sizes, or staff's (exchanges), reserved now and sent when the parcel arrives.
  z.object({ action: z.literal("approve"), resolution: z.enum(["refund", "store_credit", "exchange"], { error: "resolution must be refund, store_credit or exchange" }).optional(), exchanges: exchangesSchema.optional() }).strict(),
  z.object({ action: z.literal("refuse"), note: z.string().trim().min(3, "tell the shopper why").max(500) }).strict(),
  z.object({ action: z.literal("receive"), restock: z.boolean(), note: z.string().trim().max(500).optional() }).strict(),
]);
export type ReturnDecision = z.output<typeof returnDecisionSchema>;
