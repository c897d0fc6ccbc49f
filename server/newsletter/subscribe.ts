import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { discountCodes, newsletterSubscribers } from "../db/schema";
import type { AlertDeps } from "../alerts/alert-deps";
import type { SubscribeInput } from "./newsletter-schemas";
import { newsletterWelcomeEmail } from "./welcome-email";

/** DESIGN §7.10: the exit-intent offer is a real 15 % code, one per email, usable once. */
export const OFFER_PERCENT = 15;

export interface Subscription {
  subscribed: true;
  alreadySubscribed: boolean;
  /** Only for the exit-intent offer. */
  offerCode: string | null;
}

export type NewsletterDeps = AlertDeps;

const newOfferCode = () => `WELCOME-${randomBytes(4).toString("hex").toUpperCase()}`;

/**
 * Stores the email once (by lower-case address), with where it came from; exit-intent sign-ups get their code. A new
 * subscriber, or one who had unsubscribed and signs up again (unsubscribed_at is cleared), gets the welcome email with
 * its one-click unsubscribe link.
 */
export async function subscribe(deps: NewsletterDeps & { input: SubscribeInput }): Promise<Subscription> {
  const { input } = deps;
  const email = input.email.toLowerCase();
  const stored = await deps.db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const inserted = await t.insert(newsletterSubscribers).values({ email, source: input.source, createdAt: deps.now() }).onConflictDoNothing().returning({ id: newsletterSubscribers.id });
    const [subscriber] = await t.select().from(newsletterSubscribers).where(eq(sql`lower(${newsletterSubscribers.email})`, email)).for("update");
    const returning = inserted.length === 0 && subscriber!.unsubscribedAt !== null;
    if (returning) await t.update(newsletterSubscribers).set({ unsubscribedAt: null, source: input.source }).where(eq(newsletterSubscribers.id, subscriber!.id));
    let offerCode = subscriber!.offerCode;
    if (input.source === "exit-intent" && !offerCode) {
      offerCode = newOfferCode();
      await t.insert(discountCodes).values({ code: offerCode, kind: "percent", percentOff: OFFER_PERCENT, usageLimit: 1, source: "offer" });
      await t.update(newsletterSubscribers).set({ offerCode }).where(eq(newsletterSubscribers.id, subscriber!.id));
    }
    return { id: subscriber!.id, welcome: inserted.length > 0 || returning, offerCode };
  });
  if (stored.welcome) await sendWelcome(deps, { id: stored.id, email, offerCode: stored.offerCode });
  return { subscribed: true, alreadySubscribed: !stored.welcome, offerCode: input.source === "exit-intent" ? stored.offerCode : null };
}

async function sendWelcome(deps: NewsletterDeps & { input: SubscribeInput }, subscriber: { id: number; email: string; offerCode: string | null }) {
  try {
    const unsubscribeUrl = await deps.links.urlFor({ kind: "newsletter", id: subscriber.id });
    const offer = subscriber.offerCode ? { code: subscriber.offerCode, percent: OFFER_PERCENT } : null;
    await deps.mailer.send(await newsletterWelcomeEmail({ to: subscriber.email, source: deps.input.source, offer, unsubscribeUrl, storeUrl: deps.storeUrl, storeIdentity: deps.storeIdentity }));
  } catch (err) {
    deps.logger.error({ err }, "newsletter welcome email failed");
  }
}
