// npm run bench:drop's accounting, read from the store's database once the store has stopped (a PGlite directory has
// one process at a time): for the bench's drop, each variant's stock against the units its committed orders since the
// drop was made took (the seeded orders are older), the
// units each customer's paid orders hold (by email and by shipping address), the first sale, the bots' orders and
// the line's admissions. Prints one JSON object. Env: DATA_DIR or DATABASE_URL; argv: the drop's id.
import { sql } from "drizzle-orm";
import { openDatabase } from "../server/db/client";
import { rowsOf } from "../server/db/rows";

const dropId = Number(process.argv[2]);
const handle = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await handle.db.execute(query));

try {
  const dropItems = sql`
    select o.id, o.email, o.paid_at, o.stock_state, lower(o.shipping_line1) || '|' || upper(replace(o.shipping_postal_code, ' ', '')) as address,
           oi.variant_id, oi.product_id, oi.quantity
    from orders o join order_items oi on oi.order_id = o.id
    where oi.product_id in (select product_id from drop_products where drop_id = ${dropId})
      and o.created_at >= (select created_at from drops where id = ${dropId})`;
  const variants = await rows<{ id: number; onHand: number; reserved: number; committed: string | number }>(sql`
    select v.id, v.on_hand as "onHand", v.reserved,
           coalesce((select sum(i.quantity) from (${dropItems}) i where i.variant_id = v.id and i.stock_state = 'committed'), 0) as committed
    from variants v where v.product_id in (select product_id from drop_products where drop_id = ${dropId}) order by v.id`);
  // The most units one customer's paid orders hold of one product, and of the whole drop, matched by email and by address.
  const most = (key: string) =>
    rows<{ perProduct: number | string | null; perDrop: number | string | null }>(sql`
      with paid as (select * from (${dropItems}) i where i.paid_at is not null)
      select (select max(n) from (select sum(quantity) as n from paid group by ${sql.raw(key)}, product_id) a) as "perProduct",
             (select max(n) from (select sum(quantity) as n from paid group by ${sql.raw(key)}) b) as "perDrop"`);
  const [byEmail] = await most("lower(email)");
  const [byAddress] = await most("address");
  const [sales] = await rows<{ firstPaidAt: string | Date | null; paidOrders: number | string; botOrders: number | string }>(sql`
    select min(paid_at) as "firstPaidAt", count(distinct id) filter (where paid_at is not null) as "paidOrders",
           count(distinct id) filter (where email like 'bot-%') as "botOrders"
    from (${dropItems}) i`);
  const [drop] = await rows<{ opensAt: string | Date }>(sql`select opens_at as "opensAt" from drops where id = ${dropId}`);
  const passes = await rows<{ admitAt: string | Date }>(sql`select admit_at as "admitAt" from drop_passes where drop_id = ${dropId} and kind = 'line' order by seq`);
  console.log(
    JSON.stringify({
      opensAt: new Date(drop!.opensAt).getTime(),
      variants: variants.map((v) => ({ ...v, committed: Number(v.committed) })),
      byEmail: { perProduct: Number(byEmail?.perProduct ?? 0), perDrop: Number(byEmail?.perDrop ?? 0) },
      byAddress: { perProduct: Number(byAddress?.perProduct ?? 0), perDrop: Number(byAddress?.perDrop ?? 0) },
      firstPaidAt: sales?.firstPaidAt ? new Date(sales.firstPaidAt).getTime() : null,
      paidOrders: Number(sales?.paidOrders ?? 0),
      botOrders: Number(sales?.botOrders ?? 0),
      passAdmits: passes.map((p) => new Date(p.admitAt).getTime()),
    }),
  );
} finally {
  await handle.close();
}
