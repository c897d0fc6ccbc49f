import { sql } from "drizzle-orm";
import { RECOVERED_WITHIN_DAYS } from "../../shared/recovery";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import type { OrderRow } from "../db/schema";

/**
 * A paid order from a cart a recovery link filled within RECOVERED_WITHIN_DAYS of the click recovers that checkout
 * (the newest click's), once. True when this order recovered one.
 */
export async function noteRecovered({ db, order, now }: { db: Database; order: OrderRow; now: Date }): Promise<boolean> {
  if (!order.cartId || order.status !== "paid") return false;
  const since = new Date(now.getTime() - RECOVERED_WITHIN_DAYS * 86_400_000).toISOString();
  const updated = await db.execute(sql`
    update checkout_recoveries set recovered_order_id = ${order.id}, recovered_at = ${now.toISOString()}::timestamptz, recovered_cents = ${order.totalCents}
    where recovered_order_id is null and id = (
      select rr.recovery_id from recovery_restores rr
      where rr.cart_id = ${order.cartId} and rr.at >= ${since}::timestamptz
      order by rr.at desc limit 1)
    returning id`);
  return rowsOf(updated).length > 0;
}
