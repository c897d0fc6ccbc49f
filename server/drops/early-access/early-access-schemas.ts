import { z } from "zod";

/** POST /api/drops/{slug}/early-access: the token of the emailed link (its shape is checked by the service, which says why). */
export const redeemEarlyAccessSchema = z.object({ token: z.string({ error: "token is required" }).min(1, "token is required").max(200, "token is too long") }).strict();

/** The send-early-access job's data: the drop whose invitations it makes and sends. */
export const inviteJobSchema = z.object({ dropId: z.number().int().positive() }).strict();
