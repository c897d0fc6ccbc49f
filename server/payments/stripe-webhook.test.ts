import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { processedEvents } from "../db/schema";
import { createApiClient } from "../test/api-client";
import { checkoutWith, closeOpenOrders, orderFor, setVariantStock, variantStock } from "../test/checkout-helpers";
import { startFakeStripe } from "../test/fake-stripe";
import { startTestServer, type TestServer } from "../test/test-server";
import { createStripePaymentProvider } from "./stripe-provider";

const WEBHOOK_SECRET = "whsec_test_secret";
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let server: TestServer;
let shopper: ReturnType<typeof createApiClient>;
let eventCounter = 0;

beforeAll(async () => {
  fake = await startFakeStripe();
  server = await startTestServer({
    payments: () => createStripePaymentProvider({ secretKey: "sk_test_fake", publishableKey: "pk_test_fake", webhookSecret: WEBHOOK_SECRET, api: fake.api }),
  });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
beforeEach(async () => {
  shopper = createApiClient(server.url);
  server.mailer.sent.length = 0;
  server.clock.now = new Date();
  await closeOpenOrders(server.database.db);
  await setVariantStock(server.database.db, 2, "Black", "S", 5);
});

function eventPayload(type: string, intentId: string, extra: Record<string, unknown> = {}, id = `evt_${++eventCounter}`) {
  const intent = fake.intents.get(intentId)!;
  return JSON.stringify({ id, object: "event", type, api_version: "2025-01-01", created: Math.floor(Date.now() / 1000), data: { object: { ...intent, ...extra } } });
}

async function sendWebhook(payload: string, { timestamp, secret = WEBHOOK_SECRET }: { timestamp?: number; secret?: string } = {}) {
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  const res = await fetch(`${server.url}/api/webhooks/stripe`, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": header }, body: payload });
  return { status: res.status, body: await res.json() };
}

async function startStripeCheckout() {
  const res = await checkoutWith(shopper, { productId: 2, quantity: 1, size: "S" });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ provider: "stripe", publishableKey: "pk_test_fake", clientSecret: `${res.body.paymentIntentId}_secret_fake` });
  expect(fake.intents.get(res.body.paymentIntentId)).toMatchObject({ amount: 16199, currency: "usd", metadata: { order_id: expect.any(String) } });
  return res.body as { paymentIntentId: string; orderNumber: string };
}

describe("Stripe payments", () => {
  it("webhook before the browser returns: paid once, then the status check agrees", async () => {
    const { paymentIntentId } = await startStripeCheckout();
    fake.setStatus(paymentIntentId, "succeeded");
    expect(await sendWebhook(eventPayload("payment_intent.succeeded", paymentIntentId))).toEqual({ status: 200, body: { received: true } });
    expect(await variantStock(server.database.db, 2, "Black", "S")).toEqual({ onHand: 4, reserved: 0 });
    const status = await shopper.get(`/api/order-status/${paymentIntentId}`);
    expect(status.body.order.status).toBe("paid");
    expect(await variantStock(server.database.db, 2, "Black", "S")).toEqual({ onHand: 4, reserved: 0 });
    expect(server.mailer.sent).toHaveLength(1);
  });

  it("browser before the webhook: the status check asks Stripe and completes the order; the webhook then changes nothing", async () => {
    const { paymentIntentId } = await startStripeCheckout();
    fake.setStatus(paymentIntentId, "succeeded");
    expect((await shopper.get(`/api/order-status/${paymentIntentId}`)).body.order.status).toBe("paid");
    expect((await sendWebhook(eventPayload("payment_intent.succeeded", paymentIntentId))).status).toBe(200);
    expect(await variantStock(server.database.db, 2, "Black", "S")).toEqual({ onHand: 4, reserved: 0 });
    expect(server.mailer.sent).toHaveLength(1);
  });

  it("the same event three times is applied once", async () => {
    const { paymentIntentId } = await startStripeCheckout();
    fake.setStatus(paymentIntentId, "succeeded");
    const payload = eventPayload("payment_intent.succeeded", paymentIntentId, {}, "evt_repeat");
    const answers = await Promise.all([sendWebhook(payload), sendWebhook(payload), sendWebhook(payload)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await variantStock(server.database.db, 2, "Black", "S")).toEqual({ onHand: 4, reserved: 0 });
    expect(server.mailer.sent).toHaveLength(1);
    expect(await server.database.db.$count(processedEvents)).toBeGreaterThanOrEqual(1);
  });

  it("events out of order: a failure after success leaves the order paid", async () => {
    const { paymentIntentId } = await startStripeCheckout();
    fake.setStatus(paymentIntentId, "succeeded");
    await sendWebhook(eventPayload("payment_intent.succeeded", paymentIntentId));
    await sendWebhook(eventPayload("payment_intent.payment_failed", paymentIntentId, { last_payment_error: { message: "Your card was declined." } }));
    expect((await orderFor(server.database.db, paymentIntentId)).status).toBe("paid");
  });

  it("a failure keeps the reservation; a cancel releases it; a success after the cancel takes the stock again", async () => {
    const { paymentIntentId } = await startStripeCheckout();
    await sendWebhook(eventPayload("payment_intent.payment_failed", paymentIntentId, { last_payment_error: { message: "Your card was declined." } }));
    expect(await orderFor(server.database.db, paymentIntentId)).toMatchObject({ status: "failed", paymentError: "Your card was declined.", stockState: "held" });
    await sendWebhook(eventPayload("payment_intent.canceled", paymentIntentId));
    expect(await variantStock(server.database.db, 2, "Black", "S")).toEqual({ onHand: 5, reserved: 0 });
    await sendWebhook(eventPayload("payment_intent.succeeded", paymentIntentId));
    expect((await orderFor(server.database.db, paymentIntentId)).status).toBe("paid");
    expect(await variantStock(server.database.db, 2, "Black", "S")).toEqual({ onHand: 4, reserved: 0 });
  });

  it("a payment that succeeds after its stock was sold to someone else is refunded", async () => {
    const { paymentIntentId } = await startStripeCheckout();
    server.clock.now = new Date(Date.now() + 16 * 60_000);
    expect(await server.services.checkout.expireStaleOrders()).toBe(1);
    expect(fake.intents.get(paymentIntentId)!.status).toBe("canceled");
    await setVariantStock(server.database.db, 2, "Black", "S", 0);
    await sendWebhook(eventPayload("payment_intent.succeeded", paymentIntentId));
    expect((await orderFor(server.database.db, paymentIntentId)).status).toBe("refunded");
    expect(fake.refunds).toContain(paymentIntentId);
  });

  it("refuses tampered, stale or unsigned webhooks and ignores event types it does not handle", async () => {
    const { paymentIntentId } = await startStripeCheckout();
    const payload = eventPayload("payment_intent.succeeded", paymentIntentId);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await fetch(`${server.url}/api/webhooks/stripe`, { method: "POST", headers: { "stripe-signature": header }, body: payload.replace("16199", "1") });
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toEqual({ message: "Invalid webhook signature", code: "bad_request" });
    expect((await sendWebhook(payload, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).status).toBe(400);
    expect((await sendWebhook(payload, { secret: "whsec_wrong" })).status).toBe(400);
    expect((await fetch(`${server.url}/api/webhooks/stripe`, { method: "POST", body: payload })).status).toBe(400);
    expect((await orderFor(server.database.db, paymentIntentId)).status).toBe("pending");
    expect((await sendWebhook(eventPayload("charge.refunded", paymentIntentId))).status).toBe(200);
  });

  it("the test card form is off when Stripe takes payments", async () => {
    const res = await shopper.post("/api/test-payments/pi_fake1/confirm", { clientSecret: "x", cardNumber: "4242424242424242", expiry: "12/34", cvc: "123" });
    expect(res.status).toBe(404);
  });
});
