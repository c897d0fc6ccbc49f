import { asc, isNull } from "drizzle-orm";
import { stringify } from "csv-stringify/sync";
import type { Database } from "../db/client";
import { newsletterSubscribers } from "../db/schema";

/** Every current subscriber as CSV (email, source, offer code, date), oldest first; those who unsubscribed are left out. */
export async function exportSubscribers({ db }: { db: Database }): Promise<string> {
  const rows = await db.select().from(newsletterSubscribers).where(isNull(newsletterSubscribers.unsubscribedAt)).orderBy(asc(newsletterSubscribers.id));
  return stringify(
    rows.map((r) => ({ email: r.email, source: r.source, offer_code: r.offerCode ?? "", subscribed_at: r.createdAt.toISOString() })),
    { header: true, columns: ["email", "source", "offer_code", "subscribed_at"] },
  );
}
