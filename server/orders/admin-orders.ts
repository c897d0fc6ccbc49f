import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { toDollars } from "../catalog/product-json";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { orders, type OrderStatus } from "../db/schema";

const PAGE_SIZE = 50;

/** Staff view of orders, newest first: by status, and by order number or email. */
export async function listRecentOrders({ db, status, q, page = 1 }: { db: Database; status?: OrderStatus; q?: string; page?: number }) {
  const conditions: SQL[] = [];
  if (status) conditions.push(eq(orders.status, status));
  if (q) conditions.push(or(ilike(orders.orderNumber, `%${escapeLike(q)}%`), ilike(orders.email, `%${escapeLike(q)}%`))!);
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(orders).where(where).orderBy(desc(orders.createdAt)).limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    page,
    pageSize: PAGE_SIZE,
    orders: rows.map((o) => ({
      orderNumber: o.orderNumber,
      status: o.status,
      email: o.email,
      name: o.shippingName,
      total: toDollars(o.totalCents),
      refunded: toDollars(o.refundedCents),
      createdAt: o.createdAt.toISOString(),
      paidAt: o.paidAt?.toISOString() ?? null,
    })),
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Revenue and paid orders per day for the last 30 days (UTC), zeros included. */
export async function salesByDay({ db, now }: { db: Database; now: () => Date }) {
  const rows = rowsOf<{ day: string; revenue_cents: number; orders: number }>(
    await db.execute(sql`
      with days as (select generate_series((${now().toISOString()}::timestamptz at time zone 'UTC')::date - 29, (${now().toISOString()}::timestamptz at time zone 'UTC')::date, interval '1 day')::date as day)
      select to_char(days.day, 'YYYY-MM-DD') as day,
             coalesce(sum(o.total_cents), 0)::int as revenue_cents,
             count(o.id)::int as orders
      from days
      left join orders o on (o.paid_at at time zone 'UTC')::date = days.day and o.status in ('paid', 'processing', 'shipped', 'delivered')
      group by days.day
      order by days.day`),
  );
  return rows.map((r) => ({ day: r.day, revenue: toDollars(r.revenue_cents), orders: r.orders }));
}
