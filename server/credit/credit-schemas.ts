import { z } from "zod";

/** POST /api/admin/customers/{email}/credit: credit given (positive) or taken back (negative), with why. */
export const creditAdjustmentSchema = z
  .object({
    amountCents: z
      .number({ error: "amountCents must be a number of cents" })
      .int("amountCents must be a whole number of cents")
      .min(-10_000_000, "amountCents is too large")
      .max(10_000_000, "amountCents is too large")
      .refine((n) => n !== 0, "amountCents can't be zero"),
    reason: z.string({ error: "reason is required" }).trim().min(3, "say why, for the customer's history").max(300, "reason is too long"),
  })
  .strict();
export type CreditAdjustment = z.infer<typeof creditAdjustmentSchema>;
