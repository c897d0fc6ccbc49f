import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";

const DAY_MS = 86_400_000;
/** Checkouts older than this are never looked at again (the links last 7 days). */
const WINDOW_DAYS = 7;

/**
 * Records the checkouts left unpaid (issue 31, decision 0037), from what the store already keeps: a cart's newest order,
 * with the shopper's email, still unpaid `afterMinutes` after it was made, and made in the last week. One series per
 * address a week: an address already being reminded is not found again. Returns how many it found.
 */
export async function findAbandoned({ db, now, afterMinutes }: { db: Database; now: Date; afterMinutes: number }): Promise<number> {
  const threshold = new Date(now.getTime() - afterMinutes * 60_000);
  const oldest = new Date(now.getTime() - WINDOW_DAYS * DAY_MS);
  const found = await db.execute(sql`
    insert into checkout_recoveries (order_id, cart_id, email, abandoned_at, detected_at)
    select o.id, o.cart_id, o.email, o.created_at, ${now.toISOString()}::timestamptz
    from orders o
    where o.cart_id is not null
      and o.status in ('pending', 'failed', 'expired', 'canceled')
      and o.created_at <= ${threshold.toISOString()}::timestamptz and o.created_at > ${oldest.toISOString()}::timestamptz
      and not exists (select 1 from orders n where n.cart_id = o.cart_id and n.created_at > o.created_at)
      and not exists (select 1 from checkout_recoveries r where lower(r.email) = lower(o.email) and r.abandoned_at > o.created_at - interval '7 days')
    on conflict (order_id) do nothing
    returning id`);
  return rowsOf(found).length;
}

/** The (checkout, step) pairs whose delay has passed and that have no decision yet. */
export async function dueSteps({ db, now, delays }: { db: Database; now: Date; delays: { step: number; minutes: number }[] }): Promise<{ recoveryId: string; step: number }[]> {
  const oldest = new Date(now.getTime() - WINDOW_DAYS * DAY_MS);
  const due: { recoveryId: string; step: number }[] = [];
  for (const { step, minutes } of delays) {
    const rows = rowsOf<{ id: string }>(
      await db.execute(sql`
        select r.id from checkout_recoveries r
        where r.abandoned_at <= ${new Date(now.getTime() - minutes * 60_000).toISOString()}::timestamptz and r.abandoned_at > ${oldest.toISOString()}::timestamptz
          and not exists (select 1 from recovery_messages m where m.recovery_id = r.id and m.step = ${step})
        order by r.abandoned_at
        limit 1000`),
    );
    due.push(...rows.map((r) => ({ recoveryId: r.id, step })));
  }
  return due;
}
