import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, orderItems, orders, orderTaxLines, products, refunds, refundTaxLines, returnItems, returns, variants } from "../db/schema";
import { signedInAdmin, signedInStaff } from "../test/admin-helpers";
import { createApiClient } from "../test/api-client";
import { card, details } from "../test/checkout-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

/**
 * Sales by product, variant, collection, discount and channel, and sell-through (issue 52), against March 2025 in
 * New York built by hand. Two products: P1 with variants A and B, P2 with variant C. Every figure was worked out on
 * paper from the orders and refunds below.
 */
let server: TestServer;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
type Variant = { id: number; productId: number; color: string; size: string };
let A: Variant, B: Variant, C: Variant, D: Variant;
let p1: { id: number; name: string; collection: string }, p2: { id: number; name: string; collection: string };

type Line = { v: Variant; price: number; quantity: number; discount?: number; tax: number };
type Made = { id: string; items: { id: number; taxLineId: number }[] };
let n = 0;
async function order(o: { email: string; paidAt: string; lines: Line[]; shipping?: number; code?: string; status?: string; utm?: [string | null, string | null, string | null] }): Promise<Made> {
  const { db } = server.database;
  const subtotal = o.lines.reduce((s, l) => s + l.price * l.quantity, 0);
  const discount = o.lines.reduce((s, l) => s + (l.discount ?? 0), 0);
  const tax = o.lines.reduce((s, l) => s + l.tax, 0);
  const shipping = o.shipping ?? 0;
  const [utmSource, utmMedium, referrerHost] = o.utm ?? [null, null, null];
  const [row] = await db
    .insert(orders)
    .values({
      orderNumber: `VS-9${++n}${Date.now() % 100000}`,
      status: (o.status ?? "paid") as "paid",
      email: o.email,
      ...{ shippingName: "R", shippingLine1: "1 Main St", shippingCity: "Town", shippingRegion: "NY", shippingPostalCode: "10001", shippingCountry: "US" },
      discountCode: o.code ?? null,
      ...{ subtotalCents: subtotal, discountCents: discount, shippingCents: shipping, taxCents: tax, totalCents: subtotal - discount + shipping + tax },
      ...{ utmSource, utmMedium, referrerHost },
      ...{ cartFingerprint: `products-${n}`, paymentProvider: "test", reservationExpiresAt: new Date(), paidAt: new Date(o.paidAt) },
    })
    .returning();
  const items = [];
  for (const l of o.lines) {
    const [item] = await db
      .insert(orderItems)
      .values({ orderId: row!.id, productId: l.v.productId, variantId: l.v.id, name: "Snapshot", imageUrl: "/x.jpg", color: l.v.color, size: l.v.size, unitPriceCents: l.price, quantity: l.quantity, discountCents: l.discount ?? 0 })
      .returning();
    const [taxLine] = await db
      .insert(orderTaxLines)
      .values({ orderId: row!.id, orderItemId: item!.id, name: "Sales tax", rateMilliPercent: 8000, taxableCents: l.price * l.quantity - (l.discount ?? 0), taxCents: l.tax, jurisdiction: "test", country: "US", subdivision: "US-NY" })
      .returning();
    items.push({ id: item!.id, taxLineId: taxLine!.id });
  }
  return { id: row!.id, items };
}

/** A refund made at `at`; `tax` (with the taxable amount it was on) is given back on the order's line `line`. */
async function refund(o: Made, r: { at: string; amount: number; tax?: { line: number; cents: number; taxable: number }; returnId?: string }) {
  const { db } = server.database;
  const [row] = await db.insert(refunds).values({ orderId: o.id, amountCents: r.amount, reason: "Test", actor: "staff:test", returnId: r.returnId, status: "issued", createdAt: new Date(r.at) }).returning();
  if (r.tax) await db.insert(refundTaxLines).values({ refundId: row!.id, orderTaxLineId: o.items[r.tax.line]!.taxLineId, taxCents: r.tax.cents, taxableCents: r.tax.taxable });
}

async function collectionName(categoryId: number) {
  const [c] = await server.database.db.select().from(categories).where(eq(categories.id, categoryId));
  const [parent] = c!.parentId ? await server.database.db.select().from(categories).where(eq(categories.id, c!.parentId)) : [];
  return parent ? `${parent.name} › ${c!.name}` : c!.name;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAdmin(server);
  const { db } = server.database;
  // Two active products in different collections, P1 with at least three variants.
  const all = await db.select().from(products).where(eq(products.status, "active")).orderBy(asc(products.id));
  const first = all.find((p) => p.id > 0)!;
  const second = all.find((p) => p.categoryId !== first.categoryId)!;
  p1 = { id: first.id, name: first.name, collection: await collectionName(first.categoryId) };
  p2 = { id: second.id, name: second.name, collection: await collectionName(second.categoryId) };
  const v1 = await db.select().from(variants).where(eq(variants.productId, p1.id)).orderBy(asc(variants.id));
  const v2 = await db.select().from(variants).where(eq(variants.productId, p2.id)).orderBy(asc(variants.id));
  [A, B, D, C] = [v1[0]!, v1[1]!, v1[2]!, v2[0]!];
  // Stock: A 15, B none (sold out), D 6, C 4, every other variant of the two products none.
  await db.update(variants).set({ onHand: 0, reserved: 0 }).where(inArray(variants.productId, [p1.id, p2.id]));
  const soldOut = await db.select({ at: variants.soldOutAt }).from(variants).where(eq(variants.id, B.id));
  expect(soldOut[0]!.at, "the stock trigger notes when a variant runs out").toBeInstanceOf(Date);
  await db.update(variants).set({ soldOutAt: null }).where(inArray(variants.productId, [p1.id, p2.id]));
  for (const [v, onHand] of [[A, 15], [D, 6], [C, 4]] as const) await db.update(variants).set({ onHand }).where(eq(variants.id, v.id));
  // B last ran out at 23:00 on 28 March in New York (29 March in UTC).
  await db.update(variants).set({ soldOutAt: new Date("2025-03-29T03:00:00Z") }).where(eq(variants.id, B.id));
  expect((await db.select().from(variants).where(and(eq(variants.id, A.id), ne(variants.onHand, 0)))).length).toBe(1);

  // February: Alice's first order, direct (refunded in part in March).
  const aliceFeb = await order({ email: "alice@example.com", paidAt: "2025-02-10T17:00:00Z", lines: [{ v: A, price: 5000, quantity: 1, tax: 400 }] });
  // O1, 3 March: Alice again (returning), TENOFF, from a Meta ad: A 2 × 25.00 (2.50 off each), C 60.00 (6.00 off).
  const o1 = await order({
    email: "Alice@Example.com",
    paidAt: "2025-03-03T15:00:00Z",
    code: "TENOFF",
    utm: ["instagram", "paid_social", "l.instagram.com"],
    lines: [
      { v: A, price: 2500, quantity: 2, discount: 500, tax: 360 },
      { v: C, price: 6000, quantity: 1, discount: 600, tax: 432 },
    ],
  });
  // O2, 5 March: Dave (new), TENOFF, from the newsletter: B 2 × 35.00 (7.00 off), C 60.00 (6.00 off).
  const o2 = await order({
    email: "dave@example.com",
    paidAt: "2025-03-05T18:00:00Z",
    code: "TENOFF",
    utm: ["newsletter", "email", null],
    lines: [
      { v: B, price: 3500, quantity: 2, discount: 700, tax: 504 },
      { v: C, price: 6000, quantity: 1, discount: 600, tax: 432 },
    ],
  });
  // O3, 23:30 on 14 March in New York: Bob from Google, C 40.00, 8.00 shipping; refunded whole on the 20th.
  const o3 = await order({ email: "bob@example.com", paidAt: "2025-03-15T03:30:00Z", utm: [null, null, "www.google.com"], lines: [{ v: C, price: 4000, quantity: 1, tax: 320 }], shipping: 800 });
  // O4, 20 March: Carol, direct: A 3 × 10.00, C 10.00.
  const o4 = await order({
    email: "carol@example.com",
    paidAt: "2025-03-20T15:00:00Z",
    lines: [
      { v: A, price: 1000, quantity: 3, tax: 240 },
      { v: C, price: 1000, quantity: 1, tax: 80 },
    ],
  });
  // O5, 23:59 on 31 March in New York: Frank from TikTok, B 20.00.
  await order({ email: "frank@example.com", paidAt: "2025-04-01T03:59:00Z", utm: ["tiktok", "social", null], lines: [{ v: B, price: 2000, quantity: 1, tax: 160 }] });
  // Not sales: a canceled order of A, and April's order of D.
  await order({ email: "eve@example.com", paidAt: "2025-03-06T15:00:00Z", status: "canceled", lines: [{ v: A, price: 7777, quantity: 1, tax: 622 }] });
  await order({ email: "eve@example.com", paidAt: "2025-04-02T15:00:00Z", lines: [{ v: D, price: 7777, quantity: 1, tax: 622 }] });

  // R1: one of Alice's A by line: 22.50 + 1.80 tax, its taxable 22.50 on A's line → returns 22.50 on A.
  await refund(o1, { at: "2025-03-10T14:00:00Z", amount: 2430, tax: { line: 0, cents: 180, taxable: 2250 } });
  // R2: all of Bob's order: 40.00 of goods (returns, on C), 8.00 shipping, 3.20 tax.
  await refund(o3, { at: "2025-03-20T16:00:00Z", amount: 5120, tax: { line: 0, cents: 320, taxable: 4000 } });
  // R3: Dave returns one B, refunded 31.50 without tax lines → by the return's units: all on B.
  const [ret] = await server.database.db.insert(returns).values({ returnNumber: "VS-RET-9", orderId: o2.id, status: "received", reason: "Too small", refundCents: 3150 }).returning();
  await server.database.db.insert(returnItems).values({ returnId: ret!.id, orderItemId: o2.items[0]!.id, quantity: 1 });
  await refund(o2, { at: "2025-03-25T15:00:00Z", amount: 3150, returnId: ret!.id });
  // R4: 9.99 back on Carol's order, no lines: shared by what the lines sold for, 30.00 : 10.00 → A 7.49, C 2.50.
  await refund(o4, { at: "2025-03-26T15:00:00Z", amount: 999 });
  // R5: part of Alice's February order, refunded in March: 10.00 of A's returns, in March, Direct.
  await refund(aliceFeb, { at: "2025-03-28T12:00:00Z", amount: 1080, tax: { line: 0, cents: 80, taxable: 1000 } });
});
afterAll(() => server?.close());

const MARCH = "from=2025-03-01&to=2025-03-31";
const figures = (orders: number, units: number, gross: number, discounts: number, returns: number) => ({
  orders,
  units,
  grossSalesCents: gross,
  discountsCents: discounts,
  returnsCents: returns,
  netSalesCents: gross - discounts - returns,
});
// Every sale of March: O1–O5; returns R1–R5 = 22.50 + 40.00 + 31.50 + 9.99 + 10.00.
const TOTALS = figures(5, 12, 34_000, 2400, 11_399);

describe("GET /api/admin/reports/products", () => {
  it("by product: P1 (A and B) and P2 (C), best net sales first; the totals are the sales report's", async () => {
    const res = await admin.get(`/api/admin/reports/products?${MARCH}&groupBy=product&compare=previous`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ from: "2025-03-01", to: "2025-03-31", timeZone: "America/New_York", groupBy: "product" });
    expect(res.body.rows).toEqual([
      // O1, O2, O3, O4; returns R2 40.00 + R4 2.50.
      { key: String(p2.id), name: p2.name, ...figures(4, 4, 17_000, 1200, 4250) },
      // O1, O2, O4, O5; returns R1 22.50 + R3 31.50 + R4 7.49 + R5 10.00.
      { key: String(p1.id), name: p1.name, ...figures(4, 8, 17_000, 1200, 7149) },
    ]);
    expect(res.body.totals).toEqual(TOTALS);
    const sales = (await admin.get(`/api/admin/reports/sales?${MARCH}`)).body.totals;
    expect(TOTALS).toMatchObject({ grossSalesCents: sales.grossSalesCents, discountsCents: sales.discountsCents, returnsCents: sales.returnsCents, netSalesCents: sales.netSalesCents, orders: sales.orders, units: sales.units });
    // February: Alice's first order.
    expect(res.body.compare).toEqual({ compare: "previous", from: "2025-01-29", to: "2025-02-28", rows: [{ key: String(p1.id), name: p1.name, ...figures(1, 1, 5000, 0, 0) }], totals: figures(1, 1, 5000, 0, 0) });
  });

  it("by variant and by collection", async () => {
    const variant = (await admin.get(`/api/admin/reports/products?${MARCH}&groupBy=variant`)).body;
    expect(variant.rows).toEqual([
      { key: String(C.id), name: `${p2.name} — ${C.color} / ${C.size}`, ...figures(4, 4, 17_000, 1200, 4250) },
      // O2 and O5; R3.
      { key: String(B.id), name: `${p1.name} — ${B.color} / ${B.size}`, ...figures(2, 3, 9000, 700, 3150) },
      // O1 and O4; R1 22.50 + R4 7.49 + R5 10.00.
      { key: String(A.id), name: `${p1.name} — ${A.color} / ${A.size}`, ...figures(2, 5, 8000, 500, 3999) },
    ]);
    expect(variant.totals).toEqual(TOTALS);
    const collection = (await admin.get(`/api/admin/reports/products?${MARCH}&groupBy=collection`)).body;
    expect(collection.rows.map((r: { name: string; netSalesCents: number }) => [r.name, r.netSalesCents])).toEqual([
      [p2.collection, 11_550],
      [p1.collection, 8651],
    ]);
  });

  it("by discount code: TENOFF's orders, what it gave, and that one of its two customers was new", async () => {
    const res = await admin.get(`/api/admin/reports/products?${MARCH}&groupBy=discount`);
    expect(res.status).toBe(200);
    // O1 and O2; returns R1 22.50 + R3 31.50. Alice had ordered in February; Dave had not.
    const tenoff = { ...figures(2, 6, 24_000, 2400, 5400), customers: 2, newCustomers: 1, newCustomerShare: 0.5 };
    expect(res.body.rows).toEqual([{ key: "TENOFF", name: "TENOFF", ...tenoff }]);
    expect(res.body.totals).toEqual(tenoff);
  });

  it("by channel: Meta, the newsletter, search, direct and the source as sent", async () => {
    const res = await admin.get(`/api/admin/reports/products?${MARCH}&groupBy=channel`);
    expect(res.body.rows).toEqual([
      { key: "Newsletter", name: "Newsletter", ...figures(1, 3, 13_000, 1300, 3150) },
      { key: "Meta catalog", name: "Meta catalog", ...figures(1, 3, 11_000, 1100, 2250) },
      // O4, with R4 and R5 (Alice's February order came direct too).
      { key: "Direct", name: "Direct", ...figures(1, 4, 4000, 0, 1999) },
      { key: "tiktok", name: "tiktok", ...figures(1, 1, 2000, 0, 0) },
      { key: "Search", name: "Search", ...figures(1, 1, 4000, 0, 4000) },
    ]);
    expect(res.body.totals).toEqual(TOTALS);
  });

  it("streams the discount rows as CSV with their customers", async () => {
    const res = await admin.get(`/api/admin/reports/products.csv?${MARCH}&groupBy=discount&compare=year`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="vsop-apparel-products-2025-03-01-to-2025-03-31.csv"');
    expect(res.text.trim().split("\n")).toEqual([
      "Series,Discount code,Orders,Units,Gross sales (USD),Discounts (USD),Returns (USD),Net sales (USD),Customers,New customers,New customer share (%)",
      "current,TENOFF,2,6,240.00,24.00,54.00,162.00,2,1,50.0",
    ]);
  });
});

describe("GET /api/admin/reports/sell-through", () => {
  const ours = (rows: { key: string }[], keys: string[]) => rows.filter((r) => keys.includes(r.key)).map((r) => r.key);
  it("per variant: sold in March, on hand now, sell-through, days of cover at March's pace, and when it last sold out", async () => {
    const res = await admin.get(`/api/admin/reports/sell-through?${MARCH}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ from: "2025-03-01", to: "2025-03-31", groupBy: "variant", sort: "sold" });
    const row = (v: Variant) => res.body.rows.find((r: { key: string }) => r.key === String(v.id));
    const parts = (p: { name: string }, v: Variant) => ({ key: String(v.id), name: `${p.name} — ${v.color} / ${v.size}`, product: p.name, color: v.color, size: v.size });
    // 5 sold, 15 left: 5/20 = 25%; 15 units at 5 per 31 days = 93 days.
    expect(row(A)).toEqual({ ...parts(p1, A), unitsSold: 5, unitsOnHand: 15, sellThroughPercent: 25, daysOfCover: 93, lastSoldOutOn: null });
    // Sold out on the 28th in New York.
    expect(row(B)).toEqual({ ...parts(p1, B), unitsSold: 3, unitsOnHand: 0, sellThroughPercent: 100, daysOfCover: 0, lastSoldOutOn: "2025-03-28" });
    expect(row(C)).toEqual({ ...parts(p2, C), unitsSold: 4, unitsOnHand: 4, sellThroughPercent: 50, daysOfCover: 31, lastSoldOutOn: null });
    // Nothing sold (April's order is not March's): no pace, so no cover.
    expect(row(D)).toEqual({ ...parts(p1, D), unitsSold: 0, unitsOnHand: 6, sellThroughPercent: 0, daysOfCover: null, lastSoldOutOn: null });
    expect(res.body.totals.unitsSold).toBe(12);
    const keys = [A, B, C, D].map((v) => String(v.id));
    expect(ours(res.body.rows, keys)).toEqual([A, C, B, D].map((v) => String(v.id)));
    // The sizes that sit, and the sizes about to run out, one click each.
    const sits = (await admin.get(`/api/admin/reports/sell-through?${MARCH}&sort=sell-through`)).body.rows;
    expect(ours(sits, keys)).toEqual([D, A, C, B].map((v) => String(v.id)));
    const runsOut = (await admin.get(`/api/admin/reports/sell-through?${MARCH}&sort=cover`)).body.rows;
    expect(ours(runsOut, keys)).toEqual([B, C, A, D].map((v) => String(v.id)));
  });

  it("per product and per size (a product's size in every colour)", async () => {
    const byProduct = (await admin.get(`/api/admin/reports/sell-through?${MARCH}&groupBy=product`)).body.rows;
    // P1: 8 sold, 21 left: 8/29 = 27.6%; 21 × 31 / 8 = 81.4 days; B's sell-out.
    expect(byProduct.find((r: { key: string }) => r.key === String(p1.id))).toEqual({ key: String(p1.id), name: p1.name, product: p1.name, color: null, size: null, unitsSold: 8, unitsOnHand: 21, sellThroughPercent: 27.6, daysOfCover: 81.4, lastSoldOutOn: "2025-03-28" });
    const bySize = (await admin.get(`/api/admin/reports/sell-through?${MARCH}&groupBy=size`)).body.rows;
    const sizeRow = bySize.find((r: { key: string }) => r.key === `${p2.id}:${C.size}`);
    expect(sizeRow).toMatchObject({ name: `${p2.name} — ${C.size}`, color: null, size: C.size, unitsSold: 4, unitsOnHand: 4 });
  });

  it("streams CSV in the report's order", async () => {
    const res = await admin.get(`/api/admin/reports/sell-through.csv?${MARCH}&sort=cover`);
    expect(res.status).toBe(200);
    const lines = res.text.trim().split("\n");
    expect(lines[0]).toBe("Series,Product,Color,Size,Units sold,Units on hand,Sell-through (%),Days of cover,Last sold out");
    expect(lines[1]).toBe(`current,${p1.name},${B.color},${B.size},3,0,100,0,2025-03-28`);
  });
});

describe("channel capture at checkout", () => {
  async function checkout(attribution?: unknown) {
    const shopper = createApiClient(server.url);
    await shopper.post("/api/cart/items", { productId: A.productId, quantity: 1, size: A.size, color: A.color });
    return Object.assign(await shopper.post("/api/create-payment-intent", { ...details, ...(attribution ? { attribution } : {}) }), { shopper });
  }
  it("stores the landing page's utm values and referring host on the order, and the report names its channel", async () => {
    const started = await checkout({ utmSource: "Facebook", utmMedium: "Paid Social", referrer: "M.Facebook.com" });
    expect(started.status).toBe(200);
    await started.shopper.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") });
    const [row] = await server.database.db.select().from(orders).where(eq(orders.orderNumber, started.body.orderNumber));
    expect(row).toMatchObject({ utmSource: "facebook", utmMedium: "paid social", referrerHost: "m.facebook.com" });
    expect(row!.paidAt).toBeInstanceOf(Date);
    const res = await admin.get("/api/admin/reports/products?groupBy=channel");
    expect(res.body.rows).toEqual([expect.objectContaining({ key: "Meta catalog", orders: 1, units: 1 })]);
  });

  it("refuses attribution that isn't a utm value or a host name (400 naming the field)", async () => {
    for (const [attribution, field] of [
      [{ utmSource: "<script>" }, "attribution.utmSource"],
      [{ utmMedium: "x".repeat(101) }, "attribution.utmMedium"],
      [{ referrer: "https://www.google.com/search?q=me" }, "attribution.referrer"],
      [{ campaign: "spring" }, "attribution"],
    ] as const) {
      const res = await checkout(attribution);
      expect(res.status, JSON.stringify(attribution)).toBe(400);
      expect(res.body.message).toMatch(new RegExp(`^Invalid checkout details: ${field.replace(".", "\\.")}: `));
    }
  });
});

describe("bad input and roles", () => {
  it("answers 400 for an unknown group, sort or field, and a period past five years", async () => {
    const bad = async (query: string) => {
      const res = await admin.get(`/api/admin/reports/${query}`);
      expect(res.status, query).toBe(400);
      return res.body.message;
    };
    expect(await bad("products?groupBy=size")).toBe("Invalid report: groupBy: must be product, variant, collection, discount or channel");
    expect(await bad("products.csv?groupBy=day")).toBe("Invalid report: groupBy: must be product, variant, collection, discount or channel");
    expect(await bad("sell-through?groupBy=collection")).toBe("Invalid report: groupBy: must be product, variant or size");
    expect(await bad("sell-through?sort=price")).toBe("Invalid report: sort: must be sold, sell-through or cover");
    expect(await bad("products?metric=units")).toBe("Invalid report: Unknown field: metric");
    expect(await bad("sell-through?from=2020-01-01&to=2025-01-01")).toBe("Invalid report: to: the period can be at most 5 years (to before 2025-01-01)");
    expect(await bad("products?from=2025-03-10&to=2025-03-01")).toBe("Invalid report: to: must be on or after from (2025-03-10)");
  });

  it("is for Owners and Managers: Fulfilment and Content editors get 403", async () => {
    for (const [role, status] of [["manager", 200], ["fulfilment", 403], ["content_editor", 403]] as const) {
      const { client } = await signedInStaff(server, role);
      for (const path of ["products", "products.csv", "sell-through", "sell-through.csv"]) expect((await client.get(`/api/admin/reports/${path}`)).status, `${role} ${path}`).toBe(status);
    }
  });
});
