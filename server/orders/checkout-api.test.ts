import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { carts, discountCodes, users } from "../db/schema";
import { createApiClient } from "../test/api-client";
import { card, checkoutWith, closeOpenOrders, details, orderFor, setVariantStock, variantStock } from "../test/checkout-helpers";
import { registerShopper } from "../test/accounts-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
let shopper: ReturnType<typeof createApiClient>;
beforeAll(async () => {
  server = await startTestServer();
  await server.database.db.insert(discountCodes).values({ code: "WELCOME15", percentOff: 15 });
});
afterAll(() => server?.close());
beforeEach(async () => {
  shopper = createApiClient(server.url);
  server.clock.now = new Date();
  server.mailer.sent.length = 0;
  await closeOpenOrders(server.database.db);
  await setVariantStock(server.database.db, 2, "Black", "M", 10);
});

const hoodie = { productId: 2, quantity: 1, size: "M" };
const pay = (id: string, clientSecret: string, number = "4242 4242 4242 4242") => shopper.post(`/api/test-payments/${id}/confirm`, { clientSecret, ...card(number) });

describe("POST /api/create-payment-intent", () => {
  it("refuses an empty cart", async () => {
    const res = await shopper.post("/api/create-payment-intent", details);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Your cart is empty. Please add items before checkout.");
  });

  it("prices the cart itself (a client amount changes nothing), reserves stock and opens a payment", async () => {
    const res = await checkoutWith(shopper, hoodie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ provider: "test", subtotal: 149.99, tax: 12, total: 161.99, orderNumber: expect.stringMatching(/^VS-\d{6}$/) });
    expect(res.body.clientSecret).toMatch(/^pi_test_\w+_secret_\w+$/);
    expect(await variantStock(server.database.db, 2, "Black", "M")).toEqual({ onHand: 10, reserved: 1 });
    const order = await orderFor(server.database.db, res.body.paymentIntentId);
    expect(order).toMatchObject({ status: "pending", stockState: "held", totalCents: 16199, email: details.email });
  });

  it("reuses the pending order and payment when called again for the same cart", async () => {
    const first = await checkoutWith(shopper, hoodie);
    const again = await shopper.post("/api/create-payment-intent", { ...details, name: "Sam R." });
    expect(again.body.clientSecret).toBe(first.body.clientSecret);
    expect(again.body.orderNumber).toBe(first.body.orderNumber);
    expect(await variantStock(server.database.db, 2, "Black", "M")).toEqual({ onHand: 10, reserved: 1 });
    expect((await orderFor(server.database.db, first.body.paymentIntentId)).shippingName).toBe("Sam R.");
  });

  it("replaces the pending order when the cart changed, releasing the old reservation", async () => {
    const first = await checkoutWith(shopper, hoodie);
    await shopper.post("/api/cart/items", { ...hoodie, color: "Default" });
    const second = await shopper.post("/api/create-payment-intent", details);
    expect(second.body.orderNumber).not.toBe(first.body.orderNumber);
    expect(second.body.total).toBe(323.98);
    expect(await variantStock(server.database.db, 2, "Black", "M")).toEqual({ onHand: 10, reserved: 2 });
    expect((await orderFor(server.database.db, first.body.paymentIntentId)).status).toBe("canceled");
  });

  it("answers 409 naming a sold-out line and reserves nothing", async () => {
    await shopper.post("/api/cart/items", { ...hoodie, color: "Default" });
    await setVariantStock(server.database.db, 2, "Black", "M", 0);
    const res = await shopper.post("/api/create-payment-intent", details);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("VSOP Premium Hoodie (Black, size M) is sold out. Remove it from your cart to check out.");
    expect(await variantStock(server.database.db, 2, "Black", "M")).toEqual({ onHand: 0, reserved: 0 });
  });

  it.each([
    [{ ...details, email: "not-an-email" }, "Enter a valid email address"],
    [{ ...details, address: { ...details.address, country: "FR" } }, "We ship to"],
    [{ ...details, address: { ...details.address, postalCode: "" } }, "Postal code"],
    [{ ...details, name: " " }, "Full name is required"],
    [{ ...details, giftWrap: true }, "Unknown field: giftWrap"],
    [{ ...details, discountCode: "NOPE" }, "The code NOPE is not valid"],
  ])("refuses bad details with a 400 (%#)", async (body, message) => {
    await shopper.post("/api/cart/items", { ...hoodie, color: "Default" });
    const res = await shopper.post("/api/create-payment-intent", body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(await variantStock(server.database.db, 2, "Black", "M")).toEqual({ onHand: 10, reserved: 0 });
  });

  it("applies a discount code before tax, and quotes it beforehand", async () => {
    await shopper.post("/api/cart/items", { ...hoodie, color: "Default" });
    const quote = await shopper.post("/api/checkout/quote", { discountCode: "welcome15" });
    expect(quote.body).toMatchObject({ discountCode: "WELCOME15", subtotal: 149.99, discount: 22.5, tax: 10.2, total: 137.69 });
    const res = await shopper.post("/api/create-payment-intent", { ...details, discountCode: "welcome15" });
    expect(res.body).toMatchObject({ discount: 22.5, total: 137.69 });
    expect((await shopper.post("/api/checkout/quote", { discountCode: "FAKE" })).status).toBe(400);
  });
});

describe("paying with the test provider", () => {
  it("4242 pays: stock committed once, cart emptied, confirmation sent, order readable", async () => {
    const started = await checkoutWith(shopper, hoodie);
    const paid = await pay(started.body.paymentIntentId, started.body.clientSecret);
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({ status: "succeeded" });
    expect(await pay(started.body.paymentIntentId, started.body.clientSecret)).toMatchObject({ status: 200 });
    expect(await variantStock(server.database.db, 2, "Black", "M")).toEqual({ onHand: 9, reserved: 0 });
    expect((await shopper.get("/api/cart")).body.items).toEqual([]);
    expect(server.mailer.sent).toHaveLength(1);
    expect(server.mailer.sent[0]).toMatchObject({ to: details.email, subject: `Your VSOP Apparel order ${started.body.orderNumber} is confirmed` });
    expect(server.mailer.sent[0]!.text).toContain("Total: $161.99");

    const status = await shopper.get(`/api/order-status/${started.body.paymentIntentId}`);
    expect(status.status).toBe(200);
    expect(status.body.order).toMatchObject({ orderNumber: started.body.orderNumber, status: "paid", totalAmount: 161.99 });
    expect(status.body.items).toEqual([
      { id: expect.any(Number), size: "M", color: "Black", quantity: 1, refundedQuantity: 0, price: 149.99, product: { id: 2, name: "VSOP Premium Hoodie", imageUrl: "/images/v1/hoodie/black-front.svg" } },
    ]);
  });

  it("an order paid after its cart became an account's belongs to that account", async () => {
    const started = await checkoutWith(shopper, hoodie);
    const member = createApiClient(server.url);
    const { username } = await registerShopper(member);
    const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    const order = await orderFor(server.database.db, started.body.paymentIntentId);
    // Between the checkout and the payment, the cart became the account's (the order itself still has no owner).
    await server.database.db.update(carts).set({ userId: user!.id }).where(eq(carts.id, order!.cartId!));
    expect(order!.userId).toBeNull();
    expect((await pay(started.body.paymentIntentId, started.body.clientSecret)).status).toBe(200);
    expect(await orderFor(server.database.db, started.body.paymentIntentId)).toMatchObject({ status: "paid", userId: user!.id });
  });

  it("a declined card fails the order but keeps the reservation so another card can pay", async () => {
    const started = await checkoutWith(shopper, hoodie);
    const declined = await pay(started.body.paymentIntentId, started.body.clientSecret, "4000 0000 0000 0002");
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe("Your card was declined.");
    expect((await shopper.get(`/api/order-status/${started.body.paymentIntentId}`)).body.order.status).toBe("failed");
    expect(await variantStock(server.database.db, 2, "Black", "M")).toEqual({ onHand: 10, reserved: 1 });
    const retried = await shopper.post("/api/create-payment-intent", details);
    expect(retried.body.clientSecret).toBe(started.body.clientSecret);
    expect((await pay(started.body.paymentIntentId, started.body.clientSecret)).body.status).toBe("succeeded");
    expect(await variantStock(server.database.db, 2, "Black", "M")).toEqual({ onHand: 9, reserved: 0 });
  });

  it("the authentication card asks for a step that completes the payment", async () => {
    const started = await checkoutWith(shopper, hoodie);
    const res = await pay(started.body.paymentIntentId, started.body.clientSecret, "4000 0025 0000 3155");
    expect(res.body.status).toBe("requires_action");
    expect(res.body.redirectUrl).toMatch(/^\/checkout\/authenticate\?payment_intent=pi_test_/);
    const done = await shopper.post(`/api/test-payments/${started.body.paymentIntentId}/authenticate`, { clientSecret: started.body.clientSecret, outcome: "complete" });
    expect(done.body).toEqual({ status: "succeeded", redirectUrl: `/checkout/success?payment_intent=${started.body.paymentIntentId}` });
    expect((await shopper.get(`/api/order-status/${started.body.paymentIntentId}`)).body.order.status).toBe("paid");
  });

  it("refuses a wrong client secret and malformed cards", async () => {
    const started = await checkoutWith(shopper, hoodie);
    expect((await pay(started.body.paymentIntentId, "pi_wrong_secret")).status).toBe(404);
    const badNumber = await pay(started.body.paymentIntentId, started.body.clientSecret, "1234 5678 9012 3456");
    expect(badNumber.status).toBe(402);
    expect(badNumber.body.message).toBe("Your card number is invalid.");
    expect((await shopper.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: "x" })).status).toBe(400);
  });
});

describe("GET /api/order-status/{payment_intent}", () => {
  it("is 'Order not found' for an unknown payment and for anyone but the buyer", async () => {
    const started = await checkoutWith(shopper, hoodie);
    expect((await shopper.get("/api/order-status/pi_test_doesnotexist")).body).toEqual({ message: "Order not found", code: "not_found" });
    expect((await shopper.get("/api/order-status/garbage")).status).toBe(404);
    const stranger = createApiClient(server.url);
    const res = await stranger.get(`/api/order-status/${started.body.paymentIntentId}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Order not found");
  });
});

describe("expiry", () => {
  it("gives the stock back after 15 minutes and cancels the payment; paying later is refused", async () => {
    const started = await checkoutWith(shopper, hoodie);
    server.clock.now = new Date(Date.now() + 14 * 60_000);
    expect(await server.services.checkout.expireStaleOrders()).toBe(0);
    server.clock.now = new Date(Date.now() + 16 * 60_000);
    expect(await server.services.checkout.expireStaleOrders()).toBe(1);
    expect(await server.services.checkout.expireStaleOrders()).toBe(0);
    expect(await variantStock(server.database.db, 2, "Black", "M")).toEqual({ onHand: 10, reserved: 0 });
    expect((await orderFor(server.database.db, started.body.paymentIntentId)).status).toBe("expired");
    const late = await pay(started.body.paymentIntentId, started.body.clientSecret);
    expect(late.status).toBe(409);
  });

  it("a late payment on an expired order takes the stock if it is still free, else refunds", async () => {
    const started = await checkoutWith(shopper, hoodie);
    server.clock.now = new Date(Date.now() + 16 * 60_000);
    await server.services.checkout.expireStaleOrders();
    await server.services.checkout.handlePaymentEvent({ event: { id: "evt_late_1", type: "payment_intent.succeeded", intentId: started.body.paymentIntentId, amountCents: 16199 } });
    expect((await orderFor(server.database.db, started.body.paymentIntentId)).status).toBe("paid");
    expect(await variantStock(server.database.db, 2, "Black", "M")).toEqual({ onHand: 9, reserved: 0 });

    const other = createApiClient(server.url);
    const second = await checkoutWith(other, hoodie);
    server.clock.now = new Date(Date.now() + 32 * 60_000);
    await server.services.checkout.expireStaleOrders();
    await setVariantStock(server.database.db, 2, "Black", "M", 0);
    await server.services.checkout.handlePaymentEvent({ event: { id: "evt_late_2", type: "payment_intent.succeeded", intentId: second.body.paymentIntentId, amountCents: 16199 } });
    expect((await orderFor(server.database.db, second.body.paymentIntentId)).status).toBe("refunded");
    expect(await variantStock(server.database.db, 2, "Black", "M")).toEqual({ onHand: 0, reserved: 0 });
  });
});
