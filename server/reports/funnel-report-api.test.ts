import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "../../shared/calendar-days";
import { FUNNEL_HEADER } from "../../shared/funnel";
import { rowsOf } from "../db/rows";
import { funnelEvents, orders, products, variants } from "../db/schema";
import { signedInAdmin, signedInStaff } from "../test/admin-helpers";
import { createApiClient } from "../test/api-client";
import { card, details } from "../test/checkout-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

/**
 * The funnel (issue 52) against sessions written by hand in March 2025, in New York (the seeded legal address; no zone
 * set), each figure worked out on paper, and against one shopper's real visit through the store's own calls.
 */
let server: TestServer;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let p1: { id: number; name: string };
let p2: { id: number; name: string };
const [S1, S2, S3] = [randomUUID(), randomUUID(), randomUUID()];

/** A stage the session reached at `at`, for the session as a whole and for each product. */
async function reached(session: string, stage: "view" | "cart" | "checkout" | "payment" | "paid", productIds: number[], at: string) {
  const rows = [0, ...productIds].map((productId) => ({ sessionId: session, stage, productId, createdAt: new Date(at) }));
  await server.database.db.insert(funnelEvents).values(rows).onConflictDoNothing();
}

const ZERO = { viewedProduct: 0, addedToCart: 0, beganCheckout: 0, reachedPayment: 0, paid: 0, conversionPercent: null };

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAdmin(server);
  const two = await server.database.db.select({ id: products.id, name: products.name }).from(products).where(eq(products.status, "active")).orderBy(products.id).limit(2);
  [p1, p2] = [two[0]!, two[1]!];
  // S1 on 3 March: views both, buys the first. S3 on 5 March: views, adds and reaches payment with the second, never pays.
  await reached(S1, "view", [p1.id], "2025-03-03T15:00:00Z");
  await reached(S1, "view", [p2.id], "2025-03-03T15:05:00Z");
  await reached(S1, "cart", [p1.id], "2025-03-03T15:10:00Z");
  await reached(S1, "checkout", [p1.id], "2025-03-03T15:20:00Z");
  await reached(S1, "payment", [p1.id], "2025-03-03T15:25:00Z");
  await reached(S1, "paid", [p1.id], "2025-03-03T15:30:00Z");
  await reached(S3, "view", [p2.id], "2025-03-05T12:00:00Z");
  await reached(S3, "cart", [p2.id], "2025-03-05T12:05:00Z");
  await reached(S3, "checkout", [p2.id], "2025-03-05T12:10:00Z");
  await reached(S3, "payment", [p2.id], "2025-03-05T12:15:00Z");
  // The minute job counts them into the daily rows (New York's days) and deletes them: they are over a week old.
  expect(await server.services.funnel.rollUp()).toBe(11 + 8);
  expect(await server.database.db.select().from(funnelEvents).where(eq(funnelEvents.sessionId, S1))).toEqual([]);
  // S2 around midnight, not yet counted by the job: views at 23:30 on 3 March in New York (4 March in UTC), adds at
  // 00:10 on the 4th; its second view of the same product is the same row.
  await reached(S2, "view", [p1.id], "2025-03-04T04:30:00Z");
  await reached(S2, "view", [p1.id], "2025-03-04T04:40:00Z");
  await reached(S2, "cart", [p1.id], "2025-03-04T05:10:00Z");
});
afterAll(() => server?.close());

const MARCH = "from=2025-03-01&to=2025-03-31";
const MARCH_TOTALS = { viewedProduct: 3, addedToCart: 3, beganCheckout: 2, reachedPayment: 2, paid: 1, conversionPercent: 33.3 };

describe("GET /api/admin/reports/funnel", () => {
  it("counts each session once per stage per day in the store's zone, from the daily rows and the rows not yet added", async () => {
    const res = await admin.get(`/api/admin/reports/funnel?${MARCH}&compare=previous`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ from: "2025-03-01", to: "2025-03-31", timeZone: "America/New_York", groupBy: "day", rowCount: 31, offset: 0, limit: null, totals: MARCH_TOTALS });
    const day = (d: string) => res.body.rows.find((r: { periodStart: string }) => r.periodStart === `2025-03-${d}`);
    expect(day("03")).toEqual({ periodStart: "2025-03-03", periodEnd: "2025-03-03", viewedProduct: 2, addedToCart: 1, beganCheckout: 1, reachedPayment: 1, paid: 1, conversionPercent: 50 });
    expect(day("04")).toEqual({ periodStart: "2025-03-04", periodEnd: "2025-03-04", ...ZERO, addedToCart: 1 });
    expect(day("05")).toEqual({ periodStart: "2025-03-05", periodEnd: "2025-03-05", viewedProduct: 1, addedToCart: 1, beganCheckout: 1, reachedPayment: 1, paid: 0, conversionPercent: 0 });
    expect(day("01")).toEqual({ periodStart: "2025-03-01", periodEnd: "2025-03-01", ...ZERO });
    expect(res.body.compare).toMatchObject({ compare: "previous", from: "2025-01-29", to: "2025-02-28", totals: ZERO });
  });

  it("by week and per product: a session that viewed two products counts once in the totals and once for each", async () => {
    const week = await admin.get(`/api/admin/reports/funnel?${MARCH}&groupBy=week`);
    expect(week.body.rows.slice(0, 2)).toEqual([
      { periodStart: "2025-03-01", periodEnd: "2025-03-02", ...ZERO },
      { periodStart: "2025-03-03", periodEnd: "2025-03-09", ...MARCH_TOTALS },
    ]);
    const res = await admin.get(`/api/admin/reports/funnel?${MARCH}&groupBy=product`);
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([
      { key: String(p1.id), name: p1.name, viewedProduct: 2, addedToCart: 2, beganCheckout: 1, reachedPayment: 1, paid: 1, conversionPercent: 50 },
      { key: String(p2.id), name: p2.name, viewedProduct: 2, addedToCart: 1, beganCheckout: 1, reachedPayment: 1, paid: 0, conversionPercent: 0 },
    ]);
    expect(res.body.totals).toEqual(MARCH_TOTALS);
    const paged = await admin.get(`/api/admin/reports/funnel?${MARCH}&groupBy=product&limit=1&offset=1`);
    expect(paged.body).toMatchObject({ rowCount: 2, offset: 1, limit: 1, rows: [{ key: String(p2.id) }] });
  });

  it("follows the time zone staff set: in UTC the view at 23:30 in New York is the 4th's", async () => {
    const settings = (await admin.get("/api/admin/settings")).body;
    const fields = ["storeName", "legalName", "addressLine1", "addressLine2", "city", "region", "postalCode", "country", "supportEmail", "phone", "senderName", "senderEmail", "socialLinks"];
    const body = Object.fromEntries(fields.map((f) => [f, settings[f] ?? ""]));
    expect((await admin.put("/api/admin/settings", { ...body, timeZone: "UTC" })).body.timeZone).toBe("UTC");
    try {
      const res = await admin.get("/api/admin/reports/funnel?from=2025-03-03&to=2025-03-04");
      expect(res.body.timeZone).toBe("UTC");
      expect(res.body.rows).toEqual([
        { periodStart: "2025-03-03", periodEnd: "2025-03-03", viewedProduct: 1, addedToCart: 1, beganCheckout: 1, reachedPayment: 1, paid: 1, conversionPercent: 100 },
        { periodStart: "2025-03-04", periodEnd: "2025-03-04", ...ZERO, viewedProduct: 1, addedToCart: 1, conversionPercent: 0 },
      ]);
    } finally {
      expect((await admin.put("/api/admin/settings", { ...body, timeZone: null })).body.timeZone).toBeNull();
    }
  });

  it("streams the CSV: a row per day or per product", async () => {
    const res = await admin.get(`/api/admin/reports/funnel.csv?${MARCH}&groupBy=product`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="vsop-apparel-funnel-2025-03-01-to-2025-03-31.csv"');
    expect(res.text.trim().split("\n")).toEqual([
      "Series,Product,Viewed a product,Added to cart,Began checkout,Reached payment,Paid,Conversion (%)",
      `current,${p1.name},2,2,1,1,1,50`,
      `current,${p2.name},2,1,1,1,0,0`,
    ]);
    const byDay = (await admin.get(`/api/admin/reports/funnel.csv?${MARCH}`)).text.trim().split("\n");
    expect(byDay[0]).toBe("Series,Period start,Period end,Viewed a product,Added to cart,Began checkout,Reached payment,Paid,Conversion (%)");
    expect(byDay[3]).toBe("current,2025-03-03,2025-03-03,2,1,1,1,1,50");
    expect(byDay).toHaveLength(32);
  });

  it("answers 400 naming the field for a period that runs backwards or past five years, and for unknown groups or fields", async () => {
    const bad = async (query: string) => {
      const res = await admin.get(`/api/admin/reports/funnel?${query}`);
      expect(res.status, query).toBe(400);
      return res.body;
    };
    expect(await bad("from=2025-03-10&to=2025-03-01")).toMatchObject({ message: "Invalid report: to: must be on or after from (2025-03-10)", errors: [{ field: "to" }] });
    expect(await bad("from=2020-01-01&to=2025-01-01")).toMatchObject({ errors: [{ field: "to" }] });
    expect((await bad("groupBy=variant")).message).toBe("Invalid report: groupBy: must be day, week, month or product");
    expect((await bad("metric=views")).message).toBe("Invalid report: Unknown field: metric");
    expect((await admin.get("/api/admin/reports/funnel.csv?from=2025-03-10&to=2025-03-01")).status).toBe(400);
  });

  it("is for Owners and Managers: Fulfilment and Content editors get 403", async () => {
    for (const [role, status] of [["manager", 200], ["fulfilment", 403], ["content_editor", 403]] as const) {
      const { client } = await signedInStaff(server, role);
      expect((await client.get("/api/admin/reports/funnel")).status, role).toBe(status);
      expect((await client.get("/api/admin/reports/funnel.csv")).status, role).toBe(status);
    }
  });
});

describe("counting a visit", () => {
  it("counts one shopper's view, add, checkout, payment and payment from the beacon and the calls they make, and nothing about them", async () => {
    const session = randomUUID();
    const shopper = createApiClient(server.url);
    const [variant] = await server.database.db.select().from(variants).where(sql`${variants.productId} = ${p1.id} and ${variants.onHand} > 5`).limit(1);
    const beacon = await shopper.post("/api/funnel/view", { session, productId: p1.id });
    expect(beacon.status).toBe(204);
    expect(beacon.headers.get("set-cookie")).toBeNull();
    expect((await shopper.post("/api/funnel/view", { session, productId: p1.id })).status).toBe(204);
    const headers = { [FUNNEL_HEADER]: session };
    expect((await shopper.post("/api/cart/items", { productId: p1.id, quantity: 1, size: variant!.size, color: variant!.color }, headers)).status).toBe(201);
    expect((await shopper.post("/api/checkout/quote", {}, headers)).status).toBe(200);
    const started = await shopper.post("/api/create-payment-intent", { ...details, amount: 0.01 }, headers);
    expect(started.status).toBe(200);
    const [held] = await server.database.db.select().from(orders).where(eq(orders.orderNumber, started.body.orderNumber));
    expect(held!.funnelSession).toBe(session);
    await shopper.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") });
    // Once paid, the order forgets the session: nothing ties what was browsed to who bought.
    const [paid] = await server.database.db.select().from(orders).where(eq(orders.orderNumber, started.body.orderNumber));
    expect(paid!.paidAt).toBeInstanceOf(Date);
    expect(paid!.funnelSession).toBeNull();

    const rows = await server.database.db.select().from(funnelEvents).where(eq(funnelEvents.sessionId, session));
    expect(rows.map((r) => `${r.stage}:${r.productId}`).sort()).toEqual(["cart:0", `cart:${p1.id}`, "checkout:0", `checkout:${p1.id}`, "paid:0", `paid:${p1.id}`, "payment:0", `payment:${p1.id}`, "view:0", `view:${p1.id}`].sort());
    const columns = rowsOf<{ column_name: string }>(await server.database.db.execute(sql`select column_name from information_schema.columns where table_name = 'funnel_events' order by ordinal_position`));
    expect(columns.map((c) => c.column_name)).toEqual(["session_id", "stage", "product_id", "created_at", "rolled_up"]);

    const today = todayIn("America/New_York", new Date());
    const one = { viewedProduct: 1, addedToCart: 1, beganCheckout: 1, reachedPayment: 1, paid: 1, conversionPercent: 100 };
    expect((await admin.get(`/api/admin/reports/funnel?from=${today}&to=${today}`)).body.totals).toEqual(one);
    await server.services.funnel.rollUp();
    expect((await admin.get(`/api/admin/reports/funnel?from=${today}&to=${today}`)).body.totals).toEqual(one);
  });

  it("counts 'began checkout' from the checkout page's beacon, with the products in the visitor's cart", async () => {
    const session = randomUUID();
    const shopper = createApiClient(server.url);
    const [variant] = await server.database.db.select().from(variants).where(sql`${variants.productId} = ${p2.id} and ${variants.onHand} > 5`).limit(1);
    // An empty cart begins nothing.
    expect((await shopper.post("/api/funnel/checkout", { session })).status).toBe(204);
    expect(await server.database.db.select().from(funnelEvents).where(eq(funnelEvents.sessionId, session))).toEqual([]);
    expect((await shopper.post("/api/cart/items", { productId: p2.id, quantity: 1, size: variant!.size, color: variant!.color })).status).toBe(201);
    expect((await shopper.post("/api/funnel/checkout", { session })).status).toBe(204);
    const rows = await server.database.db.select().from(funnelEvents).where(eq(funnelEvents.sessionId, session));
    expect(rows.map((r) => `${r.stage}:${r.productId}`).sort()).toEqual(["checkout:0", `checkout:${p2.id}`]);
    expect((await shopper.post("/api/funnel/checkout", { session, productId: p2.id })).status).toBe(400);
  });

  it("counts nothing for a call without a session or with a forged one, and refuses a beacon that isn't one (400)", async () => {
    const shopper = createApiClient(server.url);
    const before = (await server.database.db.select().from(funnelEvents)).length;
    const [variant] = await server.database.db.select().from(variants).where(sql`${variants.productId} = ${p2.id} and ${variants.onHand} > 5`).limit(1);
    const add = { productId: p2.id, quantity: 1, size: variant!.size, color: variant!.color };
    expect((await shopper.post("/api/cart/items", add)).status).toBe(201);
    expect((await shopper.post("/api/cart/items", add, { [FUNNEL_HEADER]: "not-a-session" })).status).toBe(201);
    expect((await shopper.post("/api/funnel/view", { session: "abc", productId: p2.id })).status).toBe(400);
    expect((await shopper.post("/api/funnel/view", { session: randomUUID(), productId: p2.id, email: "a@b.c" })).status).toBe(400);
    // A product that doesn't exist counts nothing.
    expect((await shopper.post("/api/funnel/view", { session: randomUUID(), productId: 2_000_000_000 })).status).toBe(204);
    expect((await server.database.db.select().from(funnelEvents)).length).toBe(before);
  });
});
