import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { drops, type DropRow } from "../db/schema";
import { AppError } from "../errors";
import { dropPhase } from "../../shared/drops";
import { countedOrder } from "./drop-reads";

/** The live page's window of admissions: one figure a minute, the last 30 minutes. */
export const ADMISSION_MINUTES = 30;

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const percent = (sold: number, onHand: number) => (sold + onHand === 0 ? 0 : Math.round((1000 * sold) / (sold + onHand)) / 10);

export async function dropRow(db: Database, id: number): Promise<DropRow> {
  const [row] = await db.select().from(drops).where(eq(drops.id, id));
  if (!row) throw new AppError("not_found", `Drop ${id} not found`);
  return row;
}

interface SizeRow {
  product_id: number;
  product: string;
  size: string;
  sold: number;
  on_hand: number;
  revenue_cents: number;
  sold_out_at: string | Date | null;
}

/**
 * Each product and size of the drop (colours summed): units sold, on hand, revenue, and the instant it sold out,
 * found by adding up its committed order lines in payment order until they reach what it started with (sold + on hand
 * now). Null while it has stock. All in one statement: a drop of 100 products is a few hundred rows, whatever its orders.
 */
export async function sizeFigures(db: Database, drop: DropRow) {
  const rows = rowsOf<SizeRow>(
    await db.execute(sql`
      with pieces as (select product_id, position from drop_products where drop_id = ${drop.id}),
      lines as (
        select oi.product_id, oi.size, oi.quantity, oi.unit_price_cents * oi.quantity - oi.discount_cents as revenue,
               coalesce(o.paid_at, o.created_at) as paid_at, oi.id as line_id
        from order_items oi join orders o on o.id = oi.order_id join drops d on d.id = ${drop.id}
        where oi.product_id in (select product_id from pieces) and ${countedOrder("o", "d")}
      ),
      sizes as (
        select v.product_id, v.size, sum(v.on_hand)::int as on_hand, min(v.id) as first_variant
        from variants v where v.product_id in (select product_id from pieces) group by v.product_id, v.size
      ),
      sold as (select product_id, size, sum(quantity)::int as sold, sum(revenue)::int as revenue from lines group by product_id, size),
      running as (
        select product_id, size, paid_at, sum(quantity) over (partition by product_id, size order by paid_at, line_id rows unbounded preceding) as total
        from lines
      )
      select s.product_id, p.name as product, s.size, coalesce(so.sold, 0) as sold, s.on_hand, coalesce(so.revenue, 0) as revenue_cents,
        case when s.on_hand = 0 then (select min(r.paid_at) from running r where r.product_id = s.product_id and r.size = s.size and r.total >= coalesce(so.sold, 0)) end as sold_out_at
      from sizes s
      join products p on p.id = s.product_id
      join pieces pc on pc.product_id = s.product_id
      left join sold so on so.product_id = s.product_id and so.size = s.size
      order by pc.position, s.product_id, s.first_variant`),
  );
  return rows.map((r) => {
    const soldOutAt = r.sold_out_at === null ? null : new Date(r.sold_out_at).toISOString();
    return {
      productId: r.product_id,
      product: r.product,
      size: r.size,
      sold: r.sold,
      onHand: r.on_hand,
      startingQuantity: r.sold + r.on_hand,
      sellThroughPercent: percent(r.sold, r.on_hand),
      soldOutAt,
      revenueCents: r.revenue_cents,
    };
  });
}

export type SizeFigures = Awaited<ReturnType<typeof sizeFigures>>[number];

/** The line's length, its admissions a minute over the last half hour, carts holding the drop's pieces, checkouts and paid orders. */
async function crowdFigures(db: Database, drop: DropRow, now: Date) {
  const minute = sql`date_trunc('minute', ${at(now)})`;
  const [counts, series] = await Promise.all([
    db.execute(sql`
      select
        (select count(*) from drop_passes where drop_id = ${drop.id} and kind = 'line' and admit_at > ${at(now)})::int as line_length,
        (select count(distinct ci.cart_id) from cart_items ci join variants v on v.id = ci.variant_id
          where v.product_id in (select product_id from drop_products where drop_id = ${drop.id}) and ci.created_at >= ${at(drop.announceAt)})::int as carts,
        (select count(distinct o.id) from orders o join order_items oi on oi.order_id = o.id
          where oi.product_id in (select product_id from drop_products where drop_id = ${drop.id}) and o.status = 'pending' and o.stock_state = 'held'
            and o.created_at >= ${at(drop.announceAt)})::int as checkouts,
        (select count(distinct o.id) from orders o join order_items oi on oi.order_id = o.id join drops d on d.id = ${drop.id}
          where oi.product_id in (select product_id from drop_products where drop_id = ${drop.id}) and ${countedOrder("o", "d")})::int as paid_orders`),
    db.execute(sql`
      select m.minute, count(p.id)::int as admitted
      from generate_series(${minute} - interval '${sql.raw(String(ADMISSION_MINUTES - 1))} minutes', ${minute}, interval '1 minute') as m(minute)
      left join drop_passes p on p.drop_id = ${drop.id} and p.kind = 'line' and p.admit_at >= m.minute and p.admit_at < m.minute + interval '1 minute' and p.admit_at <= ${at(now)}
      group by m.minute order by m.minute`),
  ]);
  const [c] = rowsOf<{ line_length: number; carts: number; checkouts: number; paid_orders: number }>(counts);
  return {
    lineLength: c!.line_length,
    admissionsPerMinute: rowsOf<{ minute: string | Date; admitted: number }>(series).map((s) => ({ minute: new Date(s.minute).toISOString(), admitted: s.admitted })),
    cartsHoldingDropItems: c!.carts,
    checkoutsInProgress: c!.checkouts,
    paidOrders: c!.paid_orders,
  };
}

/** GET /api/admin/drops/{id}/live: what staff watch while a drop runs (the page asks again every 5 s). */
export async function dropLive({ db, now, id }: { db: Database; now: Date; id: number }) {
  const drop = await dropRow(db, id);
  const [crowd, sizes] = await Promise.all([crowdFigures(db, drop, now), sizeFigures(db, drop)]);
  const sold = sizes.reduce((n, s) => n + s.sold, 0);
  const onHand = sizes.reduce((n, s) => n + s.onHand, 0);
  return {
    id: drop.id,
    phase: dropPhase(drop, now),
    at: now.toISOString(),
    ...crowd,
    unitsSold: sold,
    sellThroughPercent: percent(sold, onHand),
    revenueCents: sizes.reduce((n, s) => n + s.revenueCents, 0),
    sizes,
  };
}

export type DropLive = Awaited<ReturnType<typeof dropLive>>;
