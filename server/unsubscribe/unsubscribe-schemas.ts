import { z } from "zod";

/** POST /api/unsubscribe: the token of an unsubscribe link (the page's button). */
export const unsubscribeSchema = z.object({ token: z.string({ error: "is required" }).min(1, "is required").max(120, "is too long") }).strict();
