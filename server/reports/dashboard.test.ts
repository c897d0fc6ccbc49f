import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../shared/calendar-days";
import { funnelEvents, orderItems, orders, products, variants } from "../db/schema";
import { signedInAdmin, signedInStaff } from "../test/admin-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

/** The dashboard (issue 52) against orders and sessions of this week and the one before, worked out by hand. */
let server: TestServer;
const DAY = 86_400_000;
let v1: typeof variants.$inferSelect;
let v2: typeof variants.$inferSelect;
let n = 0;

async function paidOrder(variant: typeof variants.$inferSelect, price: number, quantity: number, paidAt: Date) {
  const { db } = server.database;
  const [row] = await db
    .insert(orders)
    .values({
      orderNumber: `VS-7${++n}${Date.now() % 100000}`,
      status: "paid",
      email: `buyer${n}@example.com`,
      shippingName: "R",
      shippingLine1: "1 Main St",
      shippingCity: "Town",
      shippingRegion: "NY",
      shippingPostalCode: "10001",
      shippingCountry: "US",
      subtotalCents: price * quantity,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 0,
      totalCents: price * quantity,
      cartFingerprint: `dash-${n}`,
      paymentProvider: "test",
      reservationExpiresAt: paidAt,
      paidAt,
    })
    .returning();
  await db.insert(orderItems).values({ orderId: row!.id, productId: variant.productId, variantId: variant.id, name: "Tee", imageUrl: "/x.jpg", color: variant.color, size: variant.size, unitPriceCents: price, quantity });
}

beforeAll(async () => {
  server = await startTestServer({ pages: true });
  const { db } = server.database;
  const stocked = await db.select().from(variants).innerJoin(products, eq(products.id, variants.productId)).where(sql`${products.status} = 'active' and ${variants.onHand} > 5`).orderBy(variants.productId);
  v1 = stocked[0]!.variants;
  v2 = stocked.find((r) => r.variants.productId !== v1.productId)!.variants;
  const now = Date.now();
  // Today: 2 × 50.00 of the first product. Three days ago: 30.00 of the second. Nine days ago (the week before): 40.00.
  await paidOrder(v1, 5000, 2, new Date(now - 60_000));
  await paidOrder(v2, 3000, 1, new Date(now - 3 * DAY));
  await paidOrder(v2, 4000, 1, new Date(now - 9 * DAY));
  // Sessions: today one viewed and paid; three days ago one only viewed. None the week before.
  const [today, earlier] = [randomUUID(), randomUUID()];
  const rows = (session: string, stage: "view" | "paid", at: number) => [0, v1.productId].map((productId) => ({ sessionId: session, stage, productId, createdAt: new Date(at) }));
  await db.insert(funnelEvents).values([...rows(today, "view", now - 120_000), ...rows(today, "paid", now - 60_000), ...rows(earlier, "view", now - 3 * DAY)]);
  // The first product's variant is down to 2 after today's sale.
  await db.update(variants).set({ onHand: 2, reserved: 0 }).where(eq(variants.id, v1.id));
});
afterAll(() => server?.close());

describe("the dashboard", () => {
  it("gives today and the last 7 days against the 7 before, the top products and what runs low, from the reports' figures", async () => {
    const board = await server.services.reports.dashboard();
    const today = todayIn("America/New_York", new Date());
    expect(board.today).toEqual({ day: today, netSalesCents: 10_000, orders: 1, conversionPercent: 100 });
    expect(board.week).toEqual({ from: addDays(today, -6), to: today, netSalesCents: 13_000, orders: 2, conversionPercent: 50 });
    expect(board.weekBefore).toEqual({ from: addDays(today, -13), to: addDays(today, -7), netSalesCents: 4000, orders: 1, conversionPercent: null });
    expect(board.days).toHaveLength(7);
    expect(board.days.reduce((s, d) => s + d.netSalesCents, 0)).toBe(13_000);
    expect(board.days.reduce((s, d) => s + d.weekBeforeCents, 0)).toBe(4000);
    expect(board.topProducts.map((p) => [p.key, p.units, p.netSalesCents])).toEqual([
      [String(v1.productId), 2, 10_000],
      [String(v2.productId), 1, 3000],
    ]);
    // 2 left, 2 sold this week: a week of cover, the least of any variant.
    expect(board.lowStock[0]).toMatchObject({ variantId: v1.id, onHand: 2, soldLast7Days: 2, daysOfCover: 7 });
    // The same figures as the reports the tiles link to.
    const admin = await signedInAdmin(server);
    const sales = (await admin.get(`/api/admin/reports/sales?from=${addDays(today, -6)}&to=${today}`)).body;
    expect(sales.totals).toMatchObject({ netSalesCents: 13_000, orders: 2 });
  });

  it("shows the figures, each linking to its report, to those who read reports; a Fulfilment member sees the latest orders only", async () => {
    const admin = await signedInAdmin(server);
    const page = await admin.get("/admin");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Last 7 days");
    expect(page.text).toContain("$100.00");
    expect(page.text).toContain('href="/admin/reports/funnel?range=last-7&amp;compare=previous"');
    expect(page.text).toContain('href="/admin/reports/sell-through?range=last-7&amp;sort=cover"');
    const { client } = await signedInStaff(server, "fulfilment");
    const theirs = await client.get("/admin");
    expect(theirs.status).toBe(200);
    expect(theirs.text).toContain("Latest orders");
    expect(theirs.text).not.toContain("Net sales");
  });
});
