import Stripe from "stripe";
import { asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderEvents, orders, processedEvents } from "../db/schema";
import { createApiClient } from "../test/api-client";
import { signedInAdmin } from "../test/admin-helpers";
import { card, checkoutWith, closeOpenOrders, setVariantStock } from "../test/checkout-helpers";
import { startFakeStripe } from "../test/fake-stripe";
import { startTestServer, type TestServer } from "../test/test-server";
import { createStripePaymentProvider } from "./stripe-provider";

/**
 * Issue 35: the built-in test provider reaches orders the way Stripe does, as events through the one handler, so a
 * sequence of payment outcomes leaves the same order history whichever provider took the payment.
 */
const WEBHOOK_SECRET = "whsec_equivalence";
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let stripeStore: TestServer;
let testStore: TestServer;
let eventCounter = 0;

beforeAll(async () => {
  fake = await startFakeStripe();
  [stripeStore, testStore] = await Promise.all([
    startTestServer({ payments: () => createStripePaymentProvider({ secretKey: "sk_test_fake", publishableKey: "pk_test_fake", webhookSecret: WEBHOOK_SECRET, api: fake.api }) }),
    startTestServer(),
  ]);
});
afterAll(async () => {
  await Promise.all([stripeStore?.close(), testStore?.close()]);
  await fake?.close();
});

type Step = "pay" | "decline" | "cancel" | "partial refund";

/** Stripe: the outcome happens at Stripe, which tells the store by a signed webhook. */
async function stripeStep(step: Step, intentId: string, orderNumber: string) {
  const send = async (type: string, extra: Record<string, unknown> = {}) => {
    const payload = JSON.stringify({ id: `evt_eq_${++eventCounter}`, object: "event", type, api_version: "2025-01-01", created: Math.floor(Date.now() / 1000), data: { object: { ...fake.intents.get(intentId)!, ...extra } } });
    const res = await fetch(`${stripeStore.url}/api/webhooks/stripe`, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) }, body: payload });
    expect(res.status).toBe(200);
  };
  if (step === "pay") {
    fake.setStatus(intentId, "succeeded");
    await send("payment_intent.succeeded");
  } else if (step === "decline") {
    fake.setStatus(intentId, "requires_payment_method");
    await send("payment_intent.payment_failed", { last_payment_error: { message: "Your card was declined." } });
  } else if (step === "cancel") {
    stripeStore.clock.now = new Date(Date.now() + 16 * 60_000);
    expect(await stripeStore.services.checkout.expireStaleOrders()).toBe(1);
    stripeStore.clock.now = new Date();
    await send("payment_intent.canceled");
  } else {
    await refund(stripeStore, orderNumber);
    await send("charge.refunded");
  }
}

/** The built-in provider: the outcome comes from its card form (or the store's own cancel), and reaches the order as an event. */
async function testStep(step: Step, intentId: string, orderNumber: string, shopper: ReturnType<typeof createApiClient>, clientSecret: string) {
  if (step === "pay" || step === "decline") {
    const res = await shopper.post(`/api/test-payments/${intentId}/confirm`, { clientSecret, ...card(step === "pay" ? "4242424242424242" : "4000000000000002") });
    expect(res.status).toBe(step === "pay" ? 200 : 402);
  } else if (step === "cancel") {
    testStore.clock.now = new Date(Date.now() + 16 * 60_000);
    expect(await testStore.services.checkout.expireStaleOrders()).toBe(1);
    testStore.clock.now = new Date();
  } else {
    await refund(testStore, orderNumber);
  }
}

const admins = new Map<TestServer, Awaited<ReturnType<typeof signedInAdmin>>>();
async function refund(store: TestServer, orderNumber: string) {
  if (!admins.has(store)) admins.set(store, await signedInAdmin(store));
  const res = await admins.get(store)!.post(`/api/admin/orders/${orderNumber}/refunds`, { amountCents: 500, reason: "Goodwill gesture" });
  expect(res.status).toBe(201);
}

/** How many of the built-in provider's events the handler has applied. */
const testEventsApplied = async () => testStore.database.db.$count(processedEvents, like(processedEvents.id, "evt_test_%"));

/** What an order went through, without ids, times or the provider's own wording of who did it. */
async function history(store: TestServer, orderNumber: string) {
  const { db } = store.database;
  const [order] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order!.id)).orderBy(asc(orderEvents.id));
  return {
    status: order!.status,
    stockState: order!.stockState,
    paymentError: order!.paymentError,
    refundedCents: order!.refundedCents,
    events: events.map((e) => ({ from: e.fromStatus, to: e.toStatus, actor: e.actor.replace(/^staff:.*/, "staff"), note: e.note })),
  };
}

async function run(store: TestServer, steps: Step[]) {
  await closeOpenOrders(store.database.db);
  await setVariantStock(store.database.db, 2, "Black", "S", 5);
  const shopper = createApiClient(store.url);
  const started = await checkoutWith(shopper, { productId: 2, quantity: 1, size: "S" });
  expect(started.status).toBe(200);
  const { paymentIntentId, orderNumber, clientSecret } = started.body as { paymentIntentId: string; orderNumber: string; clientSecret: string };
  for (const step of steps) {
    if (store === stripeStore) await stripeStep(step, paymentIntentId, orderNumber);
    else await testStep(step, paymentIntentId, orderNumber, shopper, clientSecret);
  }
  return history(store, orderNumber);
}

describe("the test provider and Stripe drive the same order history", () => {
  const sequences: Step[][] = [["pay"], ["decline", "pay"], ["cancel"], ["decline", "cancel"], ["pay", "partial refund"]];
  it.each(sequences.map((s) => [s.join(", "), s] as const))("%s", async (_name, steps) => {
    const viaStripe = await run(stripeStore, steps);
    const before = await testEventsApplied();
    const viaTest = await run(testStore, steps);
    expect(viaTest).toEqual(viaStripe);
    expect(viaTest.events.length).toBeGreaterThan(0);
    // Each payment outcome reached the order as an event through the handler (which records it), refunds aside
    // (acknowledged and ignored, as Stripe's charge.refunded is).
    expect((await testEventsApplied()) - before).toBe(steps.filter((s) => s !== "partial refund").length);
  });
});
