import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../db/rows";
import { startTestServer, type TestServer } from "../test/test-server";
import { seedOrders } from "./seed-orders";

/** The orders `db:seed:large -- --orders` and `bench:reports` make (issue 52) are orders as checkout stores them. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe("seedOrders", () => {
  it("adds paid orders over two years whose amounts, tax lines, refunds and funnel agree", async () => {
    const { db } = server.database;
    const one = <T>(rows: unknown) => rowsOf<T>(rows)[0]!;
    const before = one<{ n: number }>(await db.execute(sql`select count(*)::int as n from orders`)).n;
    const made = await seedOrders(db, 400);
    expect(made.orders).toBe(400);
    expect(made.lines).toBeGreaterThan(400);
    expect(made.returns).toBeGreaterThan(0);
    const seeded = sql`o.cart_fingerprint like 'seed-%'`;
    const check = one<Record<string, number>>(
      await db.execute(sql`select
        count(*)::int as orders,
        count(*) filter (where o.total_cents <> o.subtotal_cents - o.discount_cents + o.shipping_cents + o.tax_cents)::int as bad_totals,
        count(*) filter (where o.tax_cents <> (select coalesce(sum(t.tax_cents), 0) from order_tax_lines t where t.order_id = o.id))::int as bad_tax,
        count(*) filter (where o.subtotal_cents <> (select sum(i.unit_price_cents * i.quantity) from order_items i where i.order_id = o.id))::int as bad_subtotals,
        count(*) filter (where o.refunded_cents <> (select coalesce(sum(f.amount_cents), 0) from refunds f where f.order_id = o.id))::int as bad_refunds,
        count(*) filter (where o.paid_at < now() - interval '731 days' or o.paid_at > now())::int as out_of_range,
        count(*) filter (where o.discount_code is not null)::int as coded,
        count(distinct lower(o.email))::int as customers,
        count(*) filter (where o.status <> 'canceled')::int as counted
      from orders o where ${seeded}`),
    );
    expect(check).toMatchObject({ orders: 400, bad_totals: 0, bad_tax: 0, bad_subtotals: 0, bad_refunds: 0, out_of_range: 0 });
    expect(check.coded).toBeGreaterThan(20);
    expect(check.customers).toBeLessThan(400);
    expect(one<{ n: number }>(await db.execute(sql`select count(*)::int as n from orders`)).n).toBe(before + 400);
    // The funnel's paid sessions are the orders that count; every stage has at least as many as the next.
    const stages = one<Record<string, number>>(
      await db.execute(sql`select ${sql.join(["view", "cart", "checkout", "payment", "paid"].map((s) => sql`coalesce(sum(sessions) filter (where stage = ${s} and product_id = 0), 0)::int as ${sql.identifier(s)}`), sql`, `)} from funnel_daily`),
    );
    expect(stages.paid).toBe(check.counted);
    expect(stages.view! >= stages.cart! && stages.cart! >= stages.checkout! && stages.checkout! >= stages.payment! && stages.payment! >= stages.paid!).toBe(true);
  });
});
