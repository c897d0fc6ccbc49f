import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { checkoutRecoveries, marketingOptOuts, newsletterSubscribers, recoveryMessages, stockAlerts } from "../db/schema";
import { AppError } from "../errors";
import type { UnsubscribeKind, UnsubscribeLinks } from "./unsubscribe-links";

const BAD_LINK = "This unsubscribe link isn't valid. Use the link in the newest email from us, or contact us and we'll take you off the list.";

export const UNSUBSCRIBED_MESSAGE: Record<UnsubscribeKind, string> = {
  alert: "You're unsubscribed: we won't send you any more back-in-stock emails.",
  newsletter: "You're unsubscribed from our newsletter.",
  recovery: "You're unsubscribed: we won't send you any more emails about carts you leave, or offers.",
};

/**
 * One click, no sign-in (RFC 8058): the newsletter row gets unsubscribed_at; an alert link ends every waiting alert of
 * that address (a shopper who says "no more" after one notice means all of them). Idempotent, and a subscription
 * deleted since (an erased account) answers the same: nobody is emailed either way.
 */
export async function unsubscribe({ db, links, token, now: clock }: { db: Database; links: UnsubscribeLinks; token: string; now: () => Date }): Promise<{ kind: UnsubscribeKind; message: string }> {
  const now = clock();
  const target = await links.verify(token);
  if (!target) throw new AppError("bad_request", BAD_LINK);
  if (target.kind === "recovery") {
    // The address says no to marketing mail: no more recovery emails for any checkout of it (issue 31).
    const [sent] = await db
      .select({ email: checkoutRecoveries.email })
      .from(recoveryMessages)
      .innerJoin(checkoutRecoveries, eq(checkoutRecoveries.id, recoveryMessages.recoveryId))
      .where(eq(recoveryMessages.id, target.id));
    if (sent) await db.insert(marketingOptOuts).values({ email: sent.email.toLowerCase(), at: now }).onConflictDoNothing();
  } else if (target.kind === "newsletter") {
    await db.update(newsletterSubscribers).set({ unsubscribedAt: now }).where(and(eq(newsletterSubscribers.id, target.id), isNull(newsletterSubscribers.unsubscribedAt)));
  } else {
    const [alert] = await db.select({ email: stockAlerts.email }).from(stockAlerts).where(eq(stockAlerts.id, target.id));
    if (alert) {
      await db
        .update(stockAlerts)
        .set({ status: "unsubscribed", claimedAt: null, confirmTokenHash: null })
        .where(and(eq(sql`lower(${stockAlerts.email})`, alert.email.toLowerCase()), inArray(stockAlerts.status, ["pending", "active", "notified"])));
    }
  }
  return { kind: target.kind, message: UNSUBSCRIBED_MESSAGE[target.kind] };
}
