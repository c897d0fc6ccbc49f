import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { discountCodes, newsletterSubscribers } from "../db/schema";
import type { SubscribeInput } from "./newsletter-schemas";

/** DESIGN §7.10: the exit-intent offer is a real 15 % code, one per email, usable once. */
export const OFFER_PERCENT = 15;

export interface Subscription {
  subscribed: true;
  alreadySubscribed: boolean;
  /** Only for the exit-intent offer. */
  offerCode: string | null;
}

const newOfferCode = () => `WELCOME-${randomBytes(4).toString("hex").toUpperCase()}`;

/** Stores the email once (by lower-case address), with where it came from; exit-intent sign-ups get their code. */
export async function subscribe({ db, input }: { db: Database; input: SubscribeInput }): Promise<Subscription> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const inserted = await t
      .insert(newsletterSubscribers)
      .values({ email: input.email.toLowerCase(), source: input.source })
      .onConflictDoNothing()
      .returning({ id: newsletterSubscribers.id });
    const [subscriber] = await t.select().from(newsletterSubscribers).where(eq(sql`lower(${newsletterSubscribers.email})`, input.email.toLowerCase()));
    let offerCode = subscriber!.offerCode;
    if (input.source === "exit-intent" && !offerCode) {
      offerCode = newOfferCode();
      await t.insert(discountCodes).values({ code: offerCode, kind: "percent", percentOff: OFFER_PERCENT, usageLimit: 1, source: "offer" });
      await t.update(newsletterSubscribers).set({ offerCode }).where(eq(newsletterSubscribers.id, subscriber!.id));
    }
    return { subscribed: true, alreadySubscribed: inserted.length === 0, offerCode: input.source === "exit-intent" ? offerCode : null };
  });
}
