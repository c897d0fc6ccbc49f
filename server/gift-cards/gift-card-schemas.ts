import { z } from "zod";

const cents = (field: string) =>
  z
    .number({ error: `${field} must be a number of cents` })
    .int(`${field} must be a whole number of cents`)
    .min(-1_000_000, `${field} is too large`)
    .max(1_000_000, `${field} is too large`);
const when = (field: string) => z.iso.datetime({ offset: true, error: `${field} must be a date and time such as 2026-12-24T09:00:00Z` }).transform((v) => new Date(v));

/** POST /api/admin/gift-cards: staff issue a card (up to $10,000), optionally for someone, optionally sent later. */
export const issueGiftCardSchema = z
  .object({
    amountCents: cents("amountCents").min(100, "a gift card holds at least $1.00"),
    recipientEmail: z.email({ error: "recipientEmail must be an email address" }).max(254, "recipientEmail is too long").optional(),
    sendAt: when("sendAt").optional(),
    /** null: never expires; left out: the store's default (decision 0055). */
    expiresAt: when("expiresAt").nullable().optional(),
  })
  .strict()
  .refine((v) => !v.sendAt || v.recipientEmail, { message: "sendAt needs a recipientEmail", path: ["sendAt"] });
export type IssueGiftCard = z.infer<typeof issueGiftCardSchema>;

/** POST /api/admin/gift-cards/{id}/adjustments: add (positive) or take off (negative) with why. */
export const adjustGiftCardSchema = z
  .object({
    amountCents: cents("amountCents").refine((n) => n !== 0, "amountCents can't be zero"),
    reason: z.string({ error: "reason is required" }).trim().min(3, "say why, for the card's history").max(300, "reason is too long"),
  })
  .strict();
export type AdjustGiftCard = z.infer<typeof adjustGiftCardSchema>;

/** PATCH /api/admin/gift-cards/{id}: disable a card (or make it usable again), with why. */
export const giftCardStatusSchema = z
  .object({
    status: z.enum(["active", "disabled"], { error: "status must be active or disabled" }),
    reason: z.string({ error: "reason is required" }).trim().min(3, "say why, for the audit log").max(300, "reason is too long"),
  })
  .strict();
export type GiftCardStatusChange = z.infer<typeof giftCardStatusSchema>;

export const giftCardIdSchema = z.uuid("must be a gift card id");

/** POST /api/checkout/gift-cards: the code as printed (dashes and spaces are ignored). */
export const redeemGiftCardSchema = z
  .object({ code: z.string({ error: "code is required" }).trim().min(1, "Enter the gift card's code").max(40, "That code is too long") })
  .strict();

/** DELETE /api/checkout/gift-cards/{last4}. */
export const last4Schema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4}$/, "must be the card's last 4 characters");
