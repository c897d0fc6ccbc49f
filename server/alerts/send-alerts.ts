import { and, eq, sql } from "drizzle-orm";
import { rowsOf } from "../db/rows";
import { stockAlerts } from "../db/schema";
import { backInStockEmail } from "./alert-emails";
import type { AlertDeps } from "./alert-deps";
import { findAlertVariant, findWaitlistDrop, isDropRestocked, targetAvailable } from "./alert-targets";

/** Longer than any send takes: a claim this old was lost with the process that made it, and is taken again. */
export const ALERT_LEASE_MS = 15 * 60_000;
const BATCH = 50;
/** At most this many batches a run; the minute sweep goes on with the rest. */
const MAX_BATCHES = 20;

interface Claimed {
  id: number;
  variantId: number | null;
  dropId: number | null;
  email: string;
}

/**
 * Sends every active alert whose variant (or, for a waitlist row, a piece of its own drop, open now) can be bought
 * now, one email each, then marks it notified: the subscription ends. Called by the minute sweep and kicked after anything
 * that puts stock back on sale. Alerts are claimed in batches with one UPDATE over FOR UPDATE SKIP LOCKED that stamps
 * claimed_at (a lease, like the order confirmations'), so two processes never take the same alert; stock is asked
 * again right before each email, and an alert whose stock went again is released, still active, for the next time.
 */
export async function sendStockAlerts(deps: AlertDeps): Promise<number> {
  let sent = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const claimedAt = deps.now();
    const claimed = await claimBatch(deps, claimedAt);
    for (const alert of claimed) if (await sendOne(deps, alert, claimedAt)) sent++;
    if (claimed.length < BATCH) break;
  }
  return sent;
}

async function claimBatch({ db }: AlertDeps, claimedAt: Date): Promise<Claimed[]> {
  const at = sql`${claimedAt.toISOString()}::timestamptz`;
  const unclaimed = sql`(claimed_at is null or claimed_at < ${new Date(claimedAt.getTime() - ALERT_LEASE_MS).toISOString()}::timestamptz)`;
  return rowsOf<Claimed>(
    await db.execute(sql`
      update stock_alerts set claimed_at = ${at}
      where id in (
        select a.id from stock_alerts a
        where a.status = 'active' and ${unclaimed} and ${targetAvailable(sql`a.variant_id`, sql`a.drop_id`, claimedAt)}
        order by a.id limit ${BATCH}
        for update skip locked)
      and status = 'active' and ${unclaimed}
      returning id, variant_id as "variantId", drop_id as "dropId", email`),
  );
}

/** Re-checks the stock, sends, marks notified; false (and the claim released or left to lapse) otherwise. */
async function sendOne(deps: AlertDeps, alert: Claimed, claimedAt: Date): Promise<boolean> {
  const { db } = deps;
  const ours = and(eq(stockAlerts.id, alert.id), eq(stockAlerts.claimedAt, claimedAt));
  try {
    const variant = alert.variantId === null ? null : await findAlertVariant(db, alert.variantId);
    const drop = alert.dropId === null ? null : await findWaitlistDrop(db, alert.dropId);
    const available = drop ? await isDropRestocked(db, drop.id, deps.now()) : variant !== null && variant.onSale && variant.available > 0;
    if (!available) {
      await db.update(stockAlerts).set({ claimedAt: null }).where(ours);
      return false;
    }
    const unsubscribeUrl = await deps.links.urlFor({ kind: "alert", id: alert.id });
    await deps.mailer.send(await backInStockEmail({ to: alert.email, variant, drop, unsubscribeUrl, storeUrl: deps.storeUrl, storeIdentity: deps.storeIdentity }));
    // An unsubscribe meanwhile cleared the claim: the row stays unsubscribed.
    await db.update(stockAlerts).set({ status: "notified", notifiedAt: deps.now(), claimedAt: null }).where(and(ours, eq(stockAlerts.status, "active")));
    return true;
  } catch (err) {
    // The claim stays until its lease runs out, then the alert is tried again.
    deps.logger.error({ err, alertId: alert.id }, "back-in-stock email failed");
    return false;
  }
}
