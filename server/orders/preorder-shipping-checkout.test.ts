/**
 * "Free shipping on all pre-orders" (SPEC §1) as the one rule in server/pricing/preorder-shipping.ts: with a staff
 * rate of $5.99, an order of pre-orders alone pays nothing for shipping while the campaign's flag is on, and the rate
 * once it is off or once the cart holds a piece in stock; the pages say so only while it holds.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { variants } from "../db/schema";
import { createApiClient } from "../test/api-client";
import { signedInAdmin } from "../test/admin-helpers";
import { card, closeOpenOrders, details } from "../test/checkout-helpers";
import { pricingRules } from "../test/pricing-rules-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
let rules: ReturnType<typeof pricingRules>;
let shopper: ReturnType<typeof createApiClient>;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

/** VSOP shorts (a pre-order) and the Essential Crew Tee (in stock), $20.00 each. */
const shorts = { productId: 3, size: "M", color: "Black" };
const tee = { productId: 4, size: "M", color: "Black" };
const sanFrancisco = { ...details.address, country: "US", region: "CA", postalCode: "94103" };
const quote = () => shopper.post("/api/checkout/quote", { address: sanFrancisco });
const checkout = () => shopper.post("/api/create-payment-intent", { ...details, address: sanFrancisco });
const flag = (freeShipping: boolean) => admin.patch("/api/admin/campaigns/vsop", { freeShipping });
const page = async (path: string) => (await shopper.get(path, { accept: "text/html" })).text;

beforeAll(async () => {
  server = await startTestServer({ pages: true });
  rules = pricingRules(server);
  admin = await signedInAdmin(server);
});
afterAll(() => server?.close());
beforeEach(async () => {
  await closeOpenOrders(server.database.db);
  await rules.reset();
  await rules.noFreeShippingEverywhere();
  await rules.shippingRate("everywhere", { name: "Standard", kind: "flat", amountCents: 599 });
  for (const p of [shorts, tee]) {
    await server.database.db
      .update(variants)
      .set({ priceCents: 2000, weightGrams: null, onHand: 500, reserved: 0 })
      .where(and(eq(variants.productId, p.productId), eq(variants.color, p.color), eq(variants.size, p.size)));
  }
  shopper = createApiClient(server.url);
  server.mailer.sent.length = 0;
});

describe("an order of pre-orders alone", () => {
  beforeEach(() => shopper.post("/api/cart/items", { ...shorts, quantity: 2 }));

  it("ships free while the campaign's flag is on: cart, quote, payment, order and email", async () => {
    expect((await flag(true)).status).toBe(200);
    expect((await shopper.get("/api/cart")).body).toMatchObject({ subtotal: 40, shipping: 0, freeShippingRemaining: null });
    const quoted = (await quote()).body;
    expect(quoted).toMatchObject({ shipping: 0, shippingBeforeDiscount: 0 });
    expect(quoted.shippingOptions).toEqual([{ id: expect.any(Number), name: "Free pre-order shipping", price: 0, minDays: 3, maxDays: 5 }]);
    const started = (await checkout()).body;
    expect(started).toMatchObject({ subtotal: 40, shipping: 0, shippingMethod: "Free pre-order shipping", tax: 3.2, total: 43.2 });
    // The rate it replaces may be picked by its id: the server still charges nothing.
    expect((await shopper.post("/api/create-payment-intent", { ...details, address: sanFrancisco, shippingRateId: quoted.shippingRateId })).body).toMatchObject({ shipping: 0, total: 43.2 });
    await shopper.post(`/api/test-payments/${started.paymentIntentId}/confirm`, { clientSecret: started.clientSecret, ...card("4242424242424242") });
    const email = server.mailer.sent.find((m) => m.subject.includes(started.orderNumber))!;
    expect(email.text).toContain("Shipping (Free pre-order shipping): FREE");
    const order = (await shopper.get(`/api/order-status/${started.paymentIntentId}`)).body.order;
    expect(order.charges).toContainEqual(expect.objectContaining({ label: "Shipping (Free pre-order shipping)", amount: 0, free: true }));
  });

  it("pays the staff's $5.99 rate once the flag is off", async () => {
    expect((await flag(false)).status).toBe(200);
    expect((await shopper.get("/api/cart")).body).toMatchObject({ shipping: 5.99 });
    expect((await quote()).body.shippingOptions).toEqual([expect.objectContaining({ name: "Standard", price: 5.99 })]);
    expect((await checkout()).body).toMatchObject({ shipping: 5.99, shippingMethod: "Standard", total: 49.19 });
  });
});

it("a cart that mixes a pre-order with a piece in stock pays the rate, flag on or not", async () => {
  await flag(true);
  await shopper.post("/api/cart/items", { ...shorts, quantity: 1 });
  await shopper.post("/api/cart/items", { ...tee, quantity: 1 });
  expect((await shopper.get("/api/cart")).body).toMatchObject({ shipping: 5.99 });
  expect((await quote()).body.shippingOptions).toEqual([expect.objectContaining({ name: "Standard", price: 5.99 })]);
  expect((await checkout()).body).toMatchObject({ subtotal: 40, shipping: 5.99, shippingMethod: "Standard", total: 49.19 });
});

it("a faster rate keeps its price: only the cheapest becomes free", async () => {
  await flag(true);
  await rules.shippingRate("everywhere", { name: "Express", kind: "flat", amountCents: 2500, minDays: 1, maxDays: 2 });
  await shopper.post("/api/cart/items", { ...shorts, quantity: 1 });
  const names = (await quote()).body.shippingOptions.map((o: { name: string; price: number }) => `${o.name} ${o.price}`);
  expect(names).toEqual(["Free pre-order shipping 0", "Express 25"]);
});

it("the product page and /vsop promise free pre-order shipping only while the flag is on", async () => {
  await flag(true);
  expect(await page("/product/3")).toContain("Free shipping on all pre-orders");
  expect(await page("/vsop")).toContain("Free shipping on all pre-orders");
  await flag(false);
  for (const path of ["/product/3", "/vsop", "/"]) expect(await page(path), path).not.toMatch(/free shipping on (all|every) pre-order/i);
  expect(await page("/product/3")).toContain("Pre-order · Ships");
});

it("the cart page says how much is left to free shipping, from the same rule as the checkout", async () => {
  await rules.noFreeShippingEverywhere();
  await rules.shippingRate("everywhere", { name: "Under fifty", kind: "price_band", amountCents: 599, maxSubtotalCents: 5000 });
  await rules.shippingRate("everywhere", { name: "Free over fifty", kind: "free_over", minSubtotalCents: 5000 });
  await shopper.post("/api/cart/items", { ...tee, quantity: 2 });
  const cart = await page("/cart");
  expect(cart).toMatch(/data-testid="free-shipping-remaining"[^>]*>Add <strong[^>]*>\$10\.00<\/strong> more for free shipping\./);
  await shopper.post("/api/cart/items", { ...tee, quantity: 1 });
  expect(await page("/cart")).not.toContain('data-testid="free-shipping-remaining"');
});
