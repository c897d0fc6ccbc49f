import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { storeTimeZone } from "../../shared/time-zones";

/** The shoppers' reasons a seeded return gives, a few about size (as the returns report sorts them). */
const REASONS = ["Too small", "Too small in the shoulders", "Too large", "Runs big", "Doesn't fit", "Changed my mind", "Not as pictured", "Arrived damaged"];

/**
 * Adds `count` paid orders spread over the two years before `now` (more of them recent), for report performance work
 * (issue 52): 1–4 lines of the catalogue's active variants, a 15 % code on about 15 %, free shipping from $100 (else
 * $8), 8 % tax with a tax line per line, channels (direct, search, Meta, newsletter, other sites), returns of one unit
 * (about 6 %, refunded with their tax), whole refunds (2 %), partial staff refunds (2 %), some canceled, repeat buyers;
 * and the funnel the sales imply (sessions per day and product, from views down to paid) in its daily counts, with
 * the last day's stage rows as the minute job leaves them. Deterministic for a given count (setseed). Runs in one
 * transaction: all or nothing.
 */
export async function seedOrders(db: Database, count: number, now = new Date()): Promise<{ orders: number; lines: number; refunds: number; returns: number; funnelRows: number }> {
  const [store] = rowsOf<{ time_zone: string | null; country: string; region: string }>(await db.execute(sql`select time_zone, country, region from settings limit 1`));
  const zone = storeTimeZone({ timeZone: store?.time_zone ?? null, country: store?.country ?? "US", region: store?.region ?? "NY" });
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    const run = (query: ReturnType<typeof sql>) => tx.execute(query);
    await run(sql`select setseed(${(count % 1000) / 1000})`);
    await run(sql`create temp table seed_v on commit drop as
      select (row_number() over (order by v.id) - 1)::int as i, v.id, v.product_id, v.color, v.size, v.price_cents, p.name
      from variants v join products p on p.id = v.product_id where p.status = 'active'`);
    const [{ n: variantCount }] = rowsOf<{ n: number }>(await run(sql`select count(*)::int as n from seed_v`)) as [{ n: number }];
    if (variantCount === 0) throw new Error("No active variants to sell: seed the catalogue first");
    // The orders: when paid (the square root leans them to recent days), who (a third as many shoppers as orders, some
    // buying often), the channel and whether a code was used.
    await run(sql`create temp table seed_o on commit drop as
      select gen_random_uuid() as id, g as n, ${at}::timestamptz - (1 - sqrt(random())) * interval '730 days' as paid_at,
             'shopper' || floor(power(random(), 1.6) * greatest(${count} / 3, 1))::int || '@example.com' as email,
             random() as channel, random() < 0.15 as coded, random() as fate, random() as later
      from generate_series(1, ${count}) g`);
    await run(sql`create temp table seed_l on commit drop as
      select o.id as order_id, v.*, (case when random() < 0.15 then 2 else 1 end)::int as quantity, o.coded
      from seed_o o
      cross join lateral generate_series(1, 1 + floor(random() * random() * 4)::int + 0 * o.n) k
      cross join lateral (select floor(random() * ${variantCount})::int + 0 * k as pick) p
      join seed_v v on v.i = p.pick`);
    await run(sql`alter table seed_l add column line_discount int, add column line_tax int`);
    await run(sql`update seed_l set line_discount = case when coded then round(price_cents * quantity * 0.15)::int else 0 end`);
    await run(sql`update seed_l set line_tax = round((price_cents * quantity - line_discount) * 0.08)::int`);
    await run(sql`
      insert into orders (id, order_number, status, email, shipping_name, shipping_line1, shipping_city, shipping_region, shipping_postal_code, shipping_country,
                          discount_code, subtotal_cents, discount_cents, shipping_cents, tax_cents, total_cents, shipping_method, cart_fingerprint, payment_provider,
                          stock_state, reservation_expires_at, paid_at, utm_source, utm_medium, referrer_host, created_at, updated_at)
      select o.id, 'VS-' || nextval('order_number_seq'),
             case when o.fate < 0.02 then 'canceled' when o.paid_at > ${at}::timestamptz - interval '2 days' then 'paid'
                  when o.paid_at > ${at}::timestamptz - interval '7 days' then 'shipped' else 'delivered' end,
             o.email, 'Seeded Shopper', '1 Seed Street', 'Brooklyn', 'NY', '11201', 'US',
             case when o.coded then 'WELCOME15' end, s.sub, s.disc, case when s.sub - s.disc >= 10000 then 0 else 800 end, s.tax,
             s.sub - s.disc + case when s.sub - s.disc >= 10000 then 0 else 800 end + s.tax,
             'Standard', 'seed-' || o.n, 'test', 'committed', o.paid_at + interval '15 minutes', o.paid_at,
             case when o.channel < 0.40 then null when o.channel < 0.60 then null when o.channel < 0.70 then 'facebook' when o.channel < 0.75 then 'instagram'
                  when o.channel < 0.85 then 'newsletter' else null end,
             case when o.channel >= 0.60 and o.channel < 0.75 then 'paid_social' when o.channel >= 0.75 and o.channel < 0.85 then 'email' end,
             case when o.channel >= 0.40 and o.channel < 0.60 then (array['www.google.com', 'www.bing.com', 'duckduckgo.com'])[1 + floor(o.later * 3)::int]
                  when o.channel >= 0.85 then (array['www.pinterest.com', 'www.reddit.com', 'blog.example.org'])[1 + floor(o.later * 3)::int] end,
             o.paid_at - interval '5 minutes', o.paid_at
      from seed_o o
      join (select order_id, sum(price_cents * quantity)::int as sub, sum(line_discount)::int as disc, sum(line_tax)::int as tax from seed_l group by order_id) s on s.order_id = o.id`);
    await run(sql`
      insert into order_items (order_id, product_id, variant_id, name, image_url, color, size, unit_price_cents, quantity, discount_cents)
      select order_id, product_id, id, name, '/images/products/' || product_id || '.svg', color, size, price_cents, quantity, line_discount from seed_l`);
    await run(sql`
      insert into order_tax_lines (order_id, order_item_id, name, rate_milli_percent, taxable_cents, tax_cents, jurisdiction, country, subdivision)
      select i.order_id, i.id, 'Sales tax', 8000, i.unit_price_cents * i.quantity - i.discount_cents, round((i.unit_price_cents * i.quantity - i.discount_cents) * 0.08)::int, 'New York', 'US', 'US-NY'
      from order_items i join seed_o o on o.id = i.order_id`);

    // Returns: one unit of an order's first line, asked for 5-20 days after payment, received and refunded with its tax.
    await run(sql`create temp table seed_r on commit drop as
      select gen_random_uuid() as return_id, gen_random_uuid() as refund_id, o.id as order_id, i.id as item_id, t.id as tax_line_id,
             i.unit_price_cents - i.discount_cents / i.quantity as goods, round((i.unit_price_cents - i.discount_cents / i.quantity) * 0.08)::int as tax,
             o.paid_at + (5 + floor(o.later * 15)) * interval '1 day' as at, array[${sql.join(REASONS.map((r) => sql`${r}`), sql`, `)}]::text[] as reasons, o.n
      from seed_o o
      join lateral (select * from order_items i where i.order_id = o.id order by i.id limit 1) i on true
      join order_tax_lines t on t.order_item_id = i.id
      where o.fate >= 0.02 and o.fate < 0.08 and o.paid_at + (5 + floor(o.later * 15)) * interval '1 day' < ${at}::timestamptz`);
    await run(sql`insert into returns (id, return_number, order_id, status, reason, refund_cents, restocked, created_at, updated_at)
      select return_id, 'VS-S' || n || '-R1', order_id, 'received', reasons[1 + (n % array_length(reasons, 1))], goods + tax, true, at, at from seed_r`);
    await run(sql`insert into return_items (return_id, order_item_id, quantity) select return_id, item_id, 1 from seed_r`);
    await run(sql`insert into refunds (id, order_id, amount_cents, reason, actor, return_id, status, created_at, issued_at)
      select refund_id, order_id, goods + tax, 'Return', 'seed', return_id, 'issued', at, at from seed_r`);
    await run(sql`insert into refund_tax_lines (refund_id, order_tax_line_id, tax_cents, taxable_cents) select refund_id, tax_line_id, tax, goods from seed_r where tax > 0`);
    await run(sql`update order_items i set refunded_quantity = 1 from seed_r r where r.item_id = i.id`);
    await run(sql`update orders o set refunded_cents = r.goods + r.tax from seed_r r where r.order_id = o.id`);
    // Whole refunds (the order refunded) and partial ones of $10 without tax, 1-10 days after payment.
    await run(sql`create temp table seed_f on commit drop as
      select gen_random_uuid() as refund_id, o.id as order_id, o.fate < 0.10 as whole, o.paid_at + (1 + floor(o.later * 9)) * interval '1 day' as at
      from seed_o o where o.fate >= 0.08 and o.fate < 0.12 and o.paid_at + (1 + floor(o.later * 9)) * interval '1 day' < ${at}::timestamptz`);
    await run(sql`insert into refunds (id, order_id, amount_cents, reason, actor, status, created_at, issued_at)
      select f.refund_id, f.order_id, case when f.whole then o.total_cents else least(1000, o.total_cents) end, 'Staff refund', 'seed', 'issued', f.at, f.at
      from seed_f f join orders o on o.id = f.order_id`);
    await run(sql`insert into refund_tax_lines (refund_id, order_tax_line_id, tax_cents, taxable_cents)
      select f.refund_id, t.id, t.tax_cents, t.taxable_cents from seed_f f join order_tax_lines t on t.order_id = f.order_id where f.whole and t.tax_cents > 0`);
    await run(sql`update orders o set refunded_cents = r.amount_cents, status = case when f.whole then 'refunded' else o.status end
      from seed_f f join refunds r on r.id = f.refund_id where f.order_id = o.id`);

    // The funnel these sales imply, per day in the store's zone: of the sessions that viewed a product 12 % added to
    // the cart, 45 % of those began checkout, 60 % reached payment and 85 % paid (per product the same shares).
    await run(sql`create temp table seed_paid on commit drop as
      select (o.paid_at at time zone ${zone})::date as day, 0 as product_id, count(*)::int as paid from seed_o o where o.fate >= 0.02 group by 1
      union all
      select (o.paid_at at time zone ${zone})::date, l.product_id, count(distinct o.id)::int from seed_o o join seed_l l on l.order_id = o.id where o.fate >= 0.02 group by 1, 2`);
    const funnel = rowsOf<{ n: number }>(
      await run(sql`
        with stages as (
          select day, product_id, paid, ceil(paid / 0.85)::int as payment, ceil(paid / 0.85 / 0.6)::int as checkout,
                 ceil(paid / 0.85 / 0.6 / 0.45)::int as cart, ceil(paid / 0.85 / 0.6 / 0.45 / 0.12)::int as views
          from seed_paid
        ), added as (
          insert into funnel_daily (day, stage, product_id, sessions)
          select day, stage, product_id, sessions from stages
          cross join lateral (values ('view', views), ('cart', cart), ('checkout', checkout), ('payment', payment), ('paid', paid)) s(stage, sessions)
          on conflict (day, stage, product_id) do update set sessions = funnel_daily.sessions + excluded.sessions
          returning 1
        )
        select count(*)::int as n from added`),
    );
    // The last minute's stage rows, not yet added by the job (the report reads them too): a few sessions viewing.
    await run(sql`insert into funnel_events (session_id, stage, product_id, created_at)
      select s.id, 'view', p.product_id, ${at}::timestamptz - s.ago * interval '1 minute'
      from (select gen_random_uuid() as id, floor(random() * ${variantCount})::int as pick, random() as ago from generate_series(1, 50)) s
      join seed_v v on v.i = s.pick
      cross join lateral (values (0), (v.product_id)) p(product_id)
      on conflict do nothing`);

    const [made] = rowsOf<{ orders: number; lines: number; refunds: number; returns: number }>(
      await run(sql`select (select count(*) from seed_o)::int as orders, (select count(*) from seed_l)::int as lines,
                           (select count(*) from seed_r)::int + (select count(*) from seed_f)::int as refunds, (select count(*) from seed_r)::int as returns`),
    );
    return { ...made!, funnelRows: funnel[0]?.n ?? 0 };
  });
}
