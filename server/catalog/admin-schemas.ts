import { z } from "zod";

/** PATCH /api/admin/variants/{id}: units on hand. */
export const stockChangeSchema = z.object({ onHand: z.number().int().min(0).max(1_000_000) }).strict();

/** A call that takes no fields (POST /api/admin/feed-token): `{}` only, so a typo is a 400, not ignored. */
export const emptyBodySchema = z.object({}).strict();
