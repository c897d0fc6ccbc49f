import { z } from "zod";

export const CONTACT_TOPICS = ["Order question", "Returns & exchanges", "Sizing & products", "VSOP pre-orders", "Something else"] as const;

/** POST /api/contact */
export const contactSchema = z
  .object({
    name: z.string({ error: "Your name is required" }).trim().min(1, "Your name is required").max(100, "Name is too long"),
    email: z.email({ error: "Enter a valid email address" }).max(254),
    topic: z.enum(CONTACT_TOPICS, { error: "Choose a topic" }),
    orderNumber: z.string().trim().regex(/^(VS-\d{1,12})?$/i, "Order numbers look like VS-100123").optional(),
    message: z.string({ error: "Write a message" }).trim().min(10, "Write at least 10 characters").max(5000, "Keep it under 5,000 characters"),
  })
  .strict();

export type ContactInput = z.infer<typeof contactSchema>;
