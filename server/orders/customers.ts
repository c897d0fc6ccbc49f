import { sql } from "drizzle-orm";
import { toDollars } from "../catalog/product-json";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { AppError } from "../errors";

const PAGE_SIZE = 50;

/** Orders that were paid and not given back: what a customer's lifetime spend adds up. */
const KEPT = sql.raw(`('paid', 'processing', 'shipped', 'delivered')`);

/**
 * Everyone who has an account or has paid for an order, one row per email: accounts (even without orders) and guest
 * buyers alike, with their paid orders, lifetime spend, last order and newsletter status.
 */
const customersSql = sql`
  with buyers as (
    select lower(email) as email, max(shipping_name) as name,
           count(*) filter (where status in ${KEPT})::int as orders,
           coalesce(sum(total_cents - refunded_cents) filter (where status in ${KEPT}), 0)::int as spent_cents,
           max(created_at) as last_order_at
    from orders where paid_at is not null group by lower(email)
  ),
  people as (
    select coalesce(lower(u.email), b.email) as email, coalesce(u.name, b.name) as name, u.username, u.role, u.created_at as joined_at,
           coalesce(b.orders, 0) as orders, coalesce(b.spent_cents, 0) as spent_cents, b.last_order_at
    from (select * from users where role = 'customer') u full join buyers b on b.email = lower(u.email)
  )
  select p.*, exists (select 1 from newsletter_subscribers n where lower(n.email) = p.email and n.unsubscribed_at is null) as subscribed from people p`;

interface CustomerRow {
  email: string;
  name: string;
  username: string | null;
  role: string | null;
  joined_at: string | null;
  orders: number;
  spent_cents: number;
  last_order_at: string | null;
  subscribed: boolean;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());
const toCustomer = (r: CustomerRow) => ({
  email: r.email,
  name: r.name,
  account: r.username ? { username: r.username, role: r.role, joinedAt: iso(r.joined_at) } : null,
  orders: r.orders,
  lifetimeSpend: toDollars(r.spent_cents),
  lastOrderAt: iso(r.last_order_at),
  subscribed: r.subscribed,
});

/** Staff's customer list: by name or email, biggest spenders first. */
export async function listCustomers({ db, q, page = 1 }: { db: Database; q?: string; page?: number }) {
  const pattern = q ? `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = pattern ? sql`where c.email like ${pattern} or lower(c.name) like ${pattern}` : sql``;
  const [rows, [total]] = await Promise.all([
    db.execute(sql`select * from (${customersSql}) c ${where} order by c.spent_cents desc, c.last_order_at desc nulls last, c.email limit ${PAGE_SIZE} offset ${(page - 1) * PAGE_SIZE}`),
    db.execute(sql`select count(*)::int as n from (${customersSql}) c ${where}`).then((r) => rowsOf<{ n: number }>(r)),
  ]);
  return { total: total?.n ?? 0, page, pageSize: PAGE_SIZE, customers: rowsOf<CustomerRow>(rows).map(toCustomer) };
}

/** One customer by email, with every order placed with it or by their account (pending checkouts aside). */
export async function getCustomer({ db, email }: { db: Database; email: string }) {
  const key = email.toLowerCase();
  const [row] = rowsOf<CustomerRow>(await db.execute(sql`select * from (${customersSql}) c where c.email = ${key}`));
  if (!row) throw new AppError("not_found", "No customer with that email");
  const orders = rowsOf<{ order_number: string; status: string; total_cents: number; refunded_cents: number; created_at: string }>(
    await db.execute(sql`
      select o.order_number, o.status, o.total_cents, o.refunded_cents, o.created_at from orders o
      where (lower(o.email) = ${key} or o.user_id = (select id from users where lower(email) = ${key})) and o.status not in ('pending', 'failed', 'expired')
      order by o.created_at desc, o.order_number desc limit 200`),
  );
  return { customer: toCustomer(row), orders: orders.map((o) => ({ orderNumber: o.order_number, status: o.status, total: toDollars(o.total_cents), refunded: toDollars(o.refunded_cents), createdAt: iso(o.created_at)! })) };
}
