import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";

/**
 * The share (0-100) of a drop's units already gone: sold in paid orders (their stock committed) or held right now by
 * a checkout's reservation, out of all it started with (on hand + sold). The hype meter (DESIGN §7.1: the real share,
 * not a random number) and the drop's public `soldOutPercent` are this one figure.
 */
export async function soldOutPercent(db: Database, dropId: number): Promise<number> {
  const pieces = sql`(select product_id from drop_products where drop_id = ${dropId})`;
  const [row] = rowsOf<{ on_hand: number; reserved: number; sold: number }>(
    await db.execute(sql`
      select
        (select coalesce(sum(v.on_hand), 0)::int from variants v where v.product_id in ${pieces}) as on_hand,
        (select coalesce(sum(v.reserved), 0)::int from variants v where v.product_id in ${pieces}) as reserved,
        (select coalesce(sum(oi.quantity), 0)::int from order_items oi join orders o on o.id = oi.order_id
           where oi.product_id in ${pieces} and o.stock_state = 'committed') as sold`),
  );
  if (!row) return 0;
  const started = row.on_hand + row.sold;
  return started === 0 ? 0 : Math.min(100, Math.round((100 * (row.sold + row.reserved)) / started));
}
