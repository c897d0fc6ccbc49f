import { and, asc, gt, isNull } from "drizzle-orm";
import { stringify } from "csv-stringify/sync";
import type { Database } from "../db/client";
import { newsletterSubscribers } from "../db/schema";

const COLUMNS = ["email", "source", "offer_code", "subscribed_at"];
const BATCH = 1000;

/**
 * Every current subscriber as CSV (email, source, offer code, date), oldest first; those who unsubscribed are left
 * out. Chunks of CSV text, a batch at a time by keyset, for a streamed download (server/http/csv-download.ts).
 */
export async function* exportSubscribers({ db }: { db: Database }): AsyncGenerator<string> {
  yield stringify([], { header: true, columns: COLUMNS });
  for (let after = 0; ; ) {
    const rows = await db
      .select()
      .from(newsletterSubscribers)
      .where(and(isNull(newsletterSubscribers.unsubscribedAt), gt(newsletterSubscribers.id, after)))
      .orderBy(asc(newsletterSubscribers.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    after = rows.at(-1)!.id;
    yield stringify(
      rows.map((r) => ({ email: r.email, source: r.source, offer_code: r.offerCode ?? "", subscribed_at: r.createdAt.toISOString() })),
      { columns: COLUMNS },
    );
  }
}
