import { and, eq, sql } from "drizzle-orm";
import { rowsOf } from "../db/rows";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { discountCodes, orders, orderTaxLines, refundTaxLines, refunds, testPaymentIntents, variants } from "../db/schema";
import { createApiClient } from "../test/api-client";
import { signedInAdmin } from "../test/admin-helpers";
import { card, closeOpenOrders, details } from "../test/checkout-helpers";
import { pricingRules } from "../test/pricing-rules-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
let rules: ReturnType<typeof pricingRules>;
let shopper: ReturnType<typeof createApiClient>;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

/** VSOP shorts (product 3, Black, M) at a price the test sets, weighing what it sets. */
const shorts = { productId: 3, size: "M", color: "Black" };
async function priceShorts(cents: number, grams: number | null = null) {
  await server.database.db.update(variants).set({ priceCents: cents, weightGrams: grams, onHand: 500, reserved: 0 }).where(and(eq(variants.productId, 3), eq(variants.color, "Black"), eq(variants.size, "M")));
}
const sanFrancisco = { country: "US", region: "CA", postalCode: "94103" };
const losAngeles = { country: "US", region: "California", postalCode: "90012" };
const newYork = { country: "US", region: "NY", postalCode: "10001" };
const london = { country: "GB", region: "England", postalCode: "SW1A 1AA" };
const quote = (body: object) => shopper.post("/api/checkout/quote", body);
const addressOf = (a: { country: string; region: string; postalCode: string }) => ({ ...details.address, ...a });
const checkout = (a: { country: string; region: string; postalCode: string }, extra: object = {}) => shopper.post("/api/create-payment-intent", { ...details, address: addressOf(a), ...extra });
const pay = (started: { paymentIntentId: string; clientSecret: string }) => shopper.post(`/api/test-payments/${started.paymentIntentId}/confirm`, { clientSecret: started.clientSecret, ...card("4242424242424242") });

beforeAll(async () => {
  server = await startTestServer();
  rules = pricingRules(server);
  admin = await signedInAdmin(server);
  await server.database.db.insert(discountCodes).values({ code: "SHIPFREE", kind: "free_shipping" });
});
afterAll(() => server?.close());
beforeEach(async () => {
  await closeOpenOrders(server.database.db);
  await rules.reset();
  await priceShorts(7999);
  shopper = createApiClient(server.url);
  server.mailer.sent.length = 0;
});

describe("a fresh store changes no total", () => {
  it("8 % everywhere and free standard shipping, before and after an address", async () => {
    await shopper.post("/api/cart/items", { ...shorts, quantity: 2 });
    const cart = (await shopper.get("/api/cart")).body;
    expect(cart).toMatchObject({ subtotal: 159.98, shipping: 0, tax: 12.8, taxRatePercent: 8, total: 172.78, freeShippingRemaining: null });
    const before = (await quote({})).body;
    const after = (await quote({ address: sanFrancisco })).body;
    for (const q of [before, after]) expect(q).toMatchObject({ subtotal: 159.98, shipping: 0, tax: 12.8, taxRatePercent: 8, total: 172.78 });
    expect(after.shippingOptions).toEqual([{ id: expect.any(Number), name: "Standard shipping", price: 0, minDays: 3, maxDays: 5 }]);
    expect(after.taxLines).toEqual([expect.objectContaining({ label: "Sales tax (8%)", amount: 12.8 })]);
    const started = (await checkout(sanFrancisco)).body;
    expect(started).toMatchObject({ total: 172.78, tax: 12.8, shipping: 0, shippingMethod: "Standard shipping" });
  });
});

describe("tax zones", () => {
  beforeEach(async () => {
    await rules.taxZone("United States", [{ country: "US" }], [{ rateMilliPercent: 6000 }]);
    await rules.taxZone("California", [{ country: "US", subdivision: "US-CA" }], [{ rateMilliPercent: 7250 }]);
    await rules.taxZone("San Francisco", [{ country: "US", subdivision: "US-CA", postalPrefix: "94" }], [{ rateMilliPercent: 8625 }]);
    await shopper.post("/api/cart/items", { ...shorts, quantity: 1 });
  });

  it("the most specific zone wins: postcode prefix over state over country over everywhere", async () => {
    const taxFor = async (address: object) => (await quote({ address })).body.taxLines;
    expect(await taxFor(sanFrancisco)).toEqual([expect.objectContaining({ label: "Sales tax (8.625%)", jurisdiction: "San Francisco", amount: 6.9 })]); // 689.9
    expect(await taxFor(losAngeles)).toEqual([expect.objectContaining({ label: "Sales tax (7.25%)", jurisdiction: "California", amount: 5.8 })]); // 579.9
    expect(await taxFor(newYork)).toEqual([expect.objectContaining({ label: "Sales tax (6%)", jurisdiction: "United States", amount: 4.8 })]);
    expect(await taxFor(london)).toEqual([expect.objectContaining({ label: "Sales tax (8%)", jurisdiction: "Everywhere", amount: 6.4 })]);
  });

  it("stores the tax lines the shopper was shown, with the region, and the total the payment asks for", async () => {
    const started = (await checkout(sanFrancisco)).body;
    expect(started).toMatchObject({ tax: 6.9, total: 86.89, taxLines: [expect.objectContaining({ label: "Sales tax (8.625%)" })] });
    const order = (await server.database.db.select().from(orders).where(eq(orders.orderNumber, started.orderNumber)))[0]!;
    expect(order).toMatchObject({ taxCents: 690, totalCents: 8689, taxProvider: "manual" });
    const [intent] = await server.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, started.paymentIntentId));
    expect(intent!.amountCents).toBe(8689);
  });

  it("prices that include tax: the tax is taken out of them, never added", async () => {
    await rules.taxZone("United Kingdom", [{ country: "GB" }], [{ name: "VAT", rateMilliPercent: 20000 }]);
    await rules.settings({ pricesIncludeTax: true });
    expect((await quote({ address: london })).body).toMatchObject({ subtotal: 79.99, tax: 13.33, taxIncluded: true, total: 79.99, taxLines: [expect.objectContaining({ label: "VAT (20%)", taxable: 66.66 })] });
    expect((await quote({ address: sanFrancisco })).body).toMatchObject({ tax: 6.35, total: 79.99 }); // 79.99 − 79.99 / 1.08625
    const started = (await checkout(london)).body;
    expect(started).toMatchObject({ total: 79.99, tax: 13.33, taxIncluded: true });
  });

  it("tax on shipping: the shipping is its own taxed line", async () => {
    await rules.noFreeShippingEverywhere();
    await rules.shippingRate("everywhere", { name: "Courier", kind: "flat", amountCents: 1000 });
    expect((await quote({ address: sanFrancisco })).body).toMatchObject({ shipping: 10, tax: 6.9, total: 96.89 });
    await rules.settings({ taxOnShipping: true });
    const taxed = (await quote({ address: sanFrancisco })).body;
    expect(taxed).toMatchObject({ shipping: 10, tax: 7.76, total: 97.75 }); // 6.90 + 0.8625
    expect(taxed.taxLines).toEqual([expect.objectContaining({ label: "Sales tax (8.625%)", taxable: 89.99, amount: 7.76 })]);
  });

  it("a product's tax category takes its own rate in a zone that has one", async () => {
    // A category with a 0 % rate in California (children's clothing, say).
    const [{ id: exempt }] = rowsOf<{ id: number }>(await server.database.db.execute(sql`insert into tax_categories (name) values ('Exempt in California') returning id`)) as [{ id: number }];
    await server.database.db.execute(sql`update products set tax_category_id = ${exempt} where id = 3`);
    await rules.taxZone("California clothing", [{ country: "US", subdivision: "US-CA", postalPrefix: "9" }], [{ rateMilliPercent: 7000 }, { rateMilliPercent: 0, taxCategoryId: exempt }]);
    expect((await quote({ address: losAngeles })).body).toMatchObject({ tax: 0, total: 79.99 });
    await server.database.db.execute(sql`update products set tax_category_id = null where id = 3`);
    server.services.catalogChanges.publish({ all: true });
  });
});

describe("shipping rates", () => {
  let standard: number;
  let express: number;
  beforeEach(async () => {
    await rules.noFreeShippingEverywhere();
    standard = await rules.shippingRate("everywhere", { name: "Standard", kind: "price_band", amountCents: 599, maxSubtotalCents: 5000 });
    await rules.shippingRate("everywhere", { name: "Free standard", kind: "free_over", minSubtotalCents: 5000 });
    express = await rules.shippingRate("everywhere", { name: "Express", kind: "flat", amountCents: 2500, minDays: 1, maxDays: 2 });
    await rules.shippingRate("everywhere", { name: "Bulky freight", kind: "weight_band", amountCents: 1500, minWeightGrams: 3000, minDays: 5, maxDays: 9 });
  });
  const names = async (address = sanFrancisco) => (await quote({ address })).body.shippingOptions.map((o: { name: string; price: number }) => `${o.name} ${o.price}`);

  it("offers only the rates the subtotal and weight allow, cheapest first", async () => {
    await priceShorts(4000, 1000);
    await shopper.post("/api/cart/items", { ...shorts, quantity: 1 });
    expect(await names()).toEqual(["Standard 5.99", "Express 25"]);
    await shopper.post("/api/cart/items", { ...shorts, quantity: 1 });
    expect(await names()).toEqual(["Free standard 0", "Express 25"]);
    await shopper.post("/api/cart/items", { ...shorts, quantity: 1 });
    expect(await names()).toEqual(["Free standard 0", "Bulky freight 15", "Express 25"]);
  });

  it("the cart says how much is left to free shipping, from the same rule", async () => {
    await priceShorts(4000);
    await shopper.post("/api/cart/items", { ...shorts, quantity: 1 });
    expect((await shopper.get("/api/cart")).body).toMatchObject({ shipping: 5.99, freeShippingRemaining: 10, total: 49.19 });
  });

  it("charges the rate picked, and refuses one that doesn't apply", async () => {
    await priceShorts(4000);
    await shopper.post("/api/cart/items", { ...shorts, quantity: 1 });
    expect((await checkout(sanFrancisco, { shippingRateId: express })).body).toMatchObject({ shipping: 25, shippingMethod: "Express", total: 68.2 });
    const free = (await quote({ address: sanFrancisco })).body.shippingOptions.find((o: { name: string }) => o.name === "Free standard");
    expect(free).toBeUndefined();
    const [{ id: freeId }] = rowsOf<{ id: number }>(await server.database.db.execute(sql`select id from shipping_rates where name = 'Free standard'`)) as [{ id: number }];
    const refused = await checkout(sanFrancisco, { shippingRateId: freeId });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("That shipping option isn't available for this order and address. Please choose another.");
    expect((await checkout(sanFrancisco, { shippingRateId: standard })).body).toMatchObject({ shipping: 5.99, total: 49.19 });
  });

  it("a free-shipping code removes the rate's price once, never below zero", async () => {
    await priceShorts(4000);
    await shopper.post("/api/cart/items", { ...shorts, quantity: 1 });
    const q = (await quote({ address: sanFrancisco, discountCode: "SHIPFREE", shippingRateId: express })).body;
    expect(q).toMatchObject({ shipping: 0, shippingBeforeDiscount: 25, discount: 0, total: 43.2 });
    expect((await checkout(sanFrancisco, { discountCode: "SHIPFREE", shippingRateId: express })).body).toMatchObject({ shipping: 0, total: 43.2 });
  });

  it("an address no zone ships to is refused at checkout with the place named", async () => {
    await rules.settings({});
    const us = await rules.shippingZone("United States", [{ country: "US" }]);
    await rules.shippingRate(us, { name: "Ground", kind: "flat", amountCents: 800 });
    await server.database.db.execute(sql`delete from zones where kind = 'shipping' and name = 'Everywhere'`);
    server.services.catalogChanges.publish({ all: true });
    await shopper.post("/api/cart/items", { ...shorts, quantity: 1 });
    expect((await quote({ address: london })).body.shippingOptions).toEqual([]);
    const refused = await checkout(london);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("We don't ship this order to England, United Kingdom yet.");
  });
});

describe("refunds give back the tax they charged", () => {
  it("a partial refund stores its tax lines and taxable amounts; the last one gives back the rest, the shipping's too; the report counts each in its month", async () => {
    await rules.taxZone("San Francisco", [{ country: "US", subdivision: "US-CA", postalPrefix: "94" }], [{ rateMilliPercent: 8625 }]);
    await rules.noFreeShippingEverywhere();
    await rules.shippingRate("everywhere", { name: "Standard", kind: "flat", amountCents: 599 });
    await rules.settings({ taxOnShipping: true });
    await priceShorts(2000);
    await shopper.post("/api/cart/items", { ...shorts, quantity: 2 });
    const started = (await checkout(sanFrancisco)).body;
    expect(started).toMatchObject({ subtotal: 40, shipping: 5.99, tax: 3.97, total: 49.96 }); // 3.45 + 0.52
    await pay(started);
    const order = (await admin.get(`/api/admin/orders/${started.orderNumber}`)).body;
    const itemId = order.items[0].id;
    const first = await admin.post(`/api/admin/orders/${started.orderNumber}/refunds`, { lines: [{ itemId, quantity: 1 }], reason: "Torn seam" });
    expect(first.body.order.refunded).toBe(21.72); // 20.00 + 1.72 (half of 3.45, rounded down)
    const id = await orderId(started.orderNumber);
    const taxBack = () =>
      server.database.db
        .select({ refundId: refundTaxLines.refundId, cents: refundTaxLines.taxCents, taxable: refundTaxLines.taxableCents, line: orderTaxLines.orderItemId })
        .from(refundTaxLines)
        .innerJoin(refunds, eq(refunds.id, refundTaxLines.refundId))
        .innerJoin(orderTaxLines, eq(orderTaxLines.id, refundTaxLines.orderTaxLineId))
        .where(eq(refunds.orderId, id))
        .orderBy(refundTaxLines.taxCents);
    const firstBack = await taxBack();
    expect(firstBack).toEqual([{ refundId: expect.any(String), cents: 172, taxable: 2000, line: itemId }]);
    const firstRefund = firstBack[0]!.refundId;
    const last = await admin.post(`/api/admin/orders/${started.orderNumber}/refunds`, { lines: [{ itemId, quantity: 1 }], reason: "Changed their mind" });
    expect(last.body.order).toMatchObject({ status: "refunded", refunded: 49.96 });
    const given = await taxBack();
    expect(given.map(({ cents, taxable, line }) => ({ cents, taxable, line }))).toEqual([
      { cents: 52, taxable: 599, line: null }, // the shipping
      { cents: 172, taxable: 2000, line: itemId },
      { cents: 173, taxable: 2000, line: itemId },
    ]);
    const lastRefund = given[0]!.refundId;
    expect(given.filter((g) => g.refundId === lastRefund).map((g) => g.cents)).toEqual([52, 173]);

    // Paid in May, refunded once in May and once in June (dated back to months no other test pays in).
    await server.database.db.update(orders).set({ paidAt: new Date("2020-05-31T22:00:00Z") }).where(eq(orders.id, id));
    await server.database.db.update(refunds).set({ createdAt: new Date("2020-05-31T23:00:00Z") }).where(eq(refunds.id, firstRefund));
    await server.database.db.update(refunds).set({ createdAt: new Date("2020-06-01T09:00:00Z") }).where(eq(refunds.id, lastRefund));
    const report = (await admin.get("/api/admin/tax/report?from=2020-05&to=2020-06")).body;
    const region = { country: "US", subdivision: "US-CA", region: "California, United States" };
    expect(report.rows).toEqual([
      { month: "2020-06", ...region, orders: 0, taxableCents: 0, taxCents: 0, refundedTaxableCents: 2599, refundedCents: 225, netTaxableCents: -2599, netCents: -225 },
      { month: "2020-05", ...region, orders: 1, taxableCents: 4599, taxCents: 397, refundedTaxableCents: 2000, refundedCents: 172, netTaxableCents: 2599, netCents: 225 },
    ]);
    expect(report.totals).toEqual({ taxableCents: 4599, taxCents: 397, refundedTaxableCents: 4599, refundedCents: 397, netTaxableCents: 0, netCents: 0 });
  });

  it("an amount refunded alone stores the tax's share of it and the matching share of the taxable amount", async () => {
    await priceShorts(10000);
    await shopper.post("/api/cart/items", { ...shorts, quantity: 1 });
    const started = (await checkout(newYork)).body;
    expect(started).toMatchObject({ total: 108, tax: 8 });
    await pay(started);
    await admin.post(`/api/admin/orders/${started.orderNumber}/refunds`, { amountCents: 5400, reason: "Goodwill" });
    const given = await server.database.db.select({ cents: refundTaxLines.taxCents, taxable: refundTaxLines.taxableCents }).from(refundTaxLines).innerJoin(refunds, eq(refunds.id, refundTaxLines.refundId)).where(eq(refunds.orderId, await orderId(started.orderNumber)));
    expect(given).toEqual([{ cents: 400, taxable: 5000 }]); // half of $108: $4 of tax on $50
  });
});

async function orderId(orderNumber: string) {
  return (await server.database.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber)))[0]!.id;
}

describe("priced by hand (issue 27's check)", () => {
  beforeEach(async () => {
    await rules.taxZone("California", [{ country: "US", subdivision: "US-CA" }], [{ rateMilliPercent: 8625 }]);
    await rules.noFreeShippingEverywhere();
    await rules.shippingRate("everywhere", { name: "Standard", kind: "price_band", amountCents: 599, maxSubtotalCents: 5000 });
    await rules.shippingRate("everywhere", { name: "Free standard", kind: "free_over", minSubtotalCents: 5000 });
  });

  it.each([
    // $40.00 to San Francisco: $5.99 shipping (under $50), 8.625 % California tax on the goods = $3.45.
    { to: sanFrancisco, price: 4000, lines: ["Subtotal: $40.00", "Shipping (Standard): $5.99", "Sales tax (8.625%): $3.45", "Total: $49.44"], total: 4944 },
    // $60.00 to New York: free shipping (over $50), 8 % everywhere else = $4.80.
    { to: newYork, price: 6000, lines: ["Subtotal: $60.00", "Shipping (Free standard): FREE", "Sales tax (8%): $4.80", "Total: $64.80"], total: 6480 },
  ])("$to.postalCode: checkout, payment, email and order page agree line by line", async ({ to, price, lines, total }) => {
    await priceShorts(price);
    await shopper.post("/api/cart/items", { ...shorts, quantity: 1 });
    const started = (await checkout(to)).body;
    expect(Math.round(started.total * 100)).toBe(total);
    const [intent] = await server.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, started.paymentIntentId));
    expect(intent!.amountCents).toBe(total);
    await pay(started);
    const email = server.mailer.sent.find((m) => m.subject.includes(started.orderNumber))!;
    expect(email.text).toContain(lines.join("\n"));
    const page = (await shopper.get(`/api/order-status/${started.paymentIntentId}`)).body;
    const shown = [...page.order.charges.map((c: { label: string; amount: number; free: boolean }) => `${c.label}: ${c.free ? "FREE" : `$${c.amount.toFixed(2)}`}`), `Total: $${page.order.totalAmount.toFixed(2)}`];
    expect(shown).toEqual(lines);
  });
});

describe("what review found", () => {
  it("an amount refunded first is counted: a later line refund never gives back more tax than is left", async () => {
    await priceShorts(10000);
    await shopper.post("/api/cart/items", { ...shorts, quantity: 3 });
    const started = (await checkout(newYork)).body;
    expect(started.total).toBe(324);
    await pay(started);
    const order = (await admin.get(`/api/admin/orders/${started.orderNumber}`)).body;
    await admin.post(`/api/admin/orders/${started.orderNumber}/refunds`, { amountCents: 16200, reason: "Goodwill" });
    await admin.post(`/api/admin/orders/${started.orderNumber}/refunds`, { lines: [{ itemId: order.items[0].id, quantity: 2 }], reason: "Returned" });
    const given = await server.database.db.select({ cents: refundTaxLines.taxCents }).from(refundTaxLines).innerJoin(refunds, eq(refunds.id, refundTaxLines.refundId)).where(eq(refunds.orderId, await orderId(started.orderNumber)));
    expect(given.reduce((s, g) => s + g.cents, 0)).toBeLessThanOrEqual(2400);
  });

  it("a checkout retried with an address taxed differently makes a new order with that address's tax lines", async () => {
    await rules.taxZone("New Jersey", [{ country: "US", subdivision: "US-NJ" }], [{ name: "NJ sales tax", rateMilliPercent: 8000 }]);
    await shopper.post("/api/cart/items", { ...shorts, quantity: 1 });
    const first = (await checkout(newYork)).body;
    const second = (await checkout({ country: "US", region: "NJ", postalCode: "07302" })).body;
    expect(second.total).toBe(first.total);
    expect(second.orderNumber).not.toBe(first.orderNumber);
    expect(second.taxLines).toEqual([expect.objectContaining({ label: "NJ sales tax (8%)", jurisdiction: "New Jersey" })]);
  });

  it("a US state or Canadian province the store can't read is refused, never taxed as elsewhere", async () => {
    await shopper.post("/api/cart/items", { ...shorts, quantity: 1 });
    const refused = await checkout({ country: "US", region: "Californa", postalCode: "94103" });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`We don't know the state "Californa". Enter its name or its two-letter code (for example CA or California).`);
    expect((await quote({ address: { country: "CA", region: "Ontaryo", postalCode: "M5V 2T6" } })).status).toBe(400);
    expect((await checkout({ country: "GB", region: "Greater London", postalCode: "SW1A 1AA" })).status).toBe(200);
  });

  it("once other zones exist, the cart's shipping and tax read as estimates", async () => {
    await shopper.post("/api/cart/items", { ...shorts, quantity: 1 });
    expect((await shopper.get("/api/cart")).body.estimated).toBe(false);
    await rules.taxZone("California", [{ country: "US", subdivision: "US-CA" }], [{ rateMilliPercent: 7250 }]);
    expect((await shopper.get("/api/cart")).body).toMatchObject({ estimated: true, tax: 6.4 });
  });
});
