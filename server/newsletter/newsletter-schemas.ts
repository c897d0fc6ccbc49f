import { z } from "zod";

export const NEWSLETTER_SOURCES = ["newsletter", "vip", "exit-intent", "footer"] as const;

/** POST /api/newsletter */
export const subscribeSchema = z
  .object({
    email: z.string({ error: "Please enter your email address." }).trim().min(1, "Please enter your email address.").pipe(z.email({ error: "Enter a valid email address" }).max(254)),
    source: z.enum(NEWSLETTER_SOURCES, { error: `must be one of ${NEWSLETTER_SOURCES.join(", ")}` }).default("newsletter"),
  })
  .strict();

export type SubscribeInput = z.infer<typeof subscribeSchema>;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];
