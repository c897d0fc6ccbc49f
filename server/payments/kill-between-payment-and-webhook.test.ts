import { createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderEvents, processedEvents } from "../db/schema";
import { createLogger } from "../logger";
import { createMailer } from "../mail/mailer";
import { sendOwedConfirmations } from "../orders/owed-confirmations";
import { createApiClient } from "../test/api-client";
import { type AppProcess, confirmationsSent, createDataDir, startAppProcess } from "../test/app-processes";
import { checkoutWith, closeOpenOrders, orderFor, setVariantStock, variantStock } from "../test/checkout-helpers";
import { startFakeStripe } from "../test/fake-stripe";
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from "../test/test-database";

const WEBHOOK_SECRET = "whsec_test_secret";

/** A mail server that accepts connections and never answers, so a send to it hangs until its process dies. */
async function startSilentSmtp() {
  const sockets: Socket[] = [];
  let connected!: () => void;
  const firstConnection = new Promise<void>((resolve) => (connected = resolve));
  const server = createServer((socket) => {
    socket.on("error", () => {});
    sockets.push(socket);
    connected();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    firstConnection,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

// The store must survive dying at the worst moment: the shopper has paid at Stripe, the order is still pending.
describe.skipIf(!testDatabaseUrl)("SIGKILL between a Stripe payment and its webhook (skipped without TEST_DATABASE_URL: the test restarts a separate process)", { timeout: 120_000 }, () => {
  let database: TestDatabase;
  let dataDir: Awaited<ReturnType<typeof createDataDir>>;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  const started: AppProcess[] = [];
  let eventCounter = 0;

  beforeAll(async () => {
    [database, dataDir, fake] = await Promise.all([createTestDatabase(), createDataDir(), startFakeStripe()]);
  });
  afterEach(() => Promise.all(started.splice(0).map((store) => store.stop())));
  afterAll(async () => {
    await database?.close();
    await fake?.close();
    await dataDir?.remove();
  });
  beforeEach(async () => {
    await closeOpenOrders(database.db);
    await setVariantStock(database.db, 2, "Black", "S", 5);
  });

  async function startStore(env: Record<string, string> = {}) {
    const store = await startAppProcess({
      ...env,
      DATABASE_URL: database.url!,
      DATA_DIR: dataDir.dir,
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_PUBLISHABLE_KEY: "pk_test_fake",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      FAKE_STRIPE_API: `http://${fake.api.host}:${fake.api.port}`,
    });
    started.push(store);
    return store;
  }

  /** Checkout on the store, then the shopper's card succeeds at Stripe; Stripe now owes the store a webhook. */
  async function payAtStripe(store: AppProcess) {
    const shopper = createApiClient(store.url);
    const res = await checkoutWith(shopper, { productId: 2, quantity: 1, size: "S", color: "Black" });
    expect(res.status).toBe(200);
    const { paymentIntentId, orderNumber } = res.body as { paymentIntentId: string; orderNumber: string };
    fake.setStatus(paymentIntentId, "succeeded");
    const eventId = `evt_kill_${++eventCounter}`;
    const payload = JSON.stringify({
      id: eventId,
      object: "event",
      type: "payment_intent.succeeded",
      api_version: "2025-01-01",
      created: Math.floor(Date.now() / 1000),
      data: { object: fake.intents.get(paymentIntentId) },
    });
    return { shopper, paymentIntentId, orderNumber, payload, eventId };
  }

  async function deliver(store: AppProcess, payload: string) {
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await fetch(`${store.url}/api/webhooks/stripe`, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signature }, body: payload });
    return { status: res.status, body: await res.json() };
  }

  /** Everything that must happen exactly once for a paid order. */
  async function outcome(payment: { paymentIntentId: string; orderNumber: string; eventId: string }) {
    const order = await orderFor(database.db, payment.paymentIntentId);
    return {
      status: order.status,
      stock: await variantStock(database.db, 2, "Black", "S"),
      paidTransitions: await database.db.$count(orderEvents, and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, "paid"))),
      eventsRecorded: await database.db.$count(processedEvents, eq(processedEvents.id, payment.eventId)),
      confirmations: (await confirmationsSent(dataDir.dir)).filter((n) => n === payment.orderNumber).length,
      refunded: fake.refunds.includes(payment.paymentIntentId),
    };
  }
  const paidOnce = { status: "paid", stock: { onHand: 4, reserved: 0 }, paidTransitions: 1, eventsRecorded: 1, confirmations: 1, refunded: false };

  it("killed after Stripe took the payment, before the webhook: the next process completes the order once", async () => {
    const first = await startStore();
    const payment = await payAtStripe(first);
    await first.kill();
    expect(first.child.signalCode).toBe("SIGKILL");
    expect(await orderFor(database.db, payment.paymentIntentId)).toMatchObject({ status: "pending", stockState: "held" });
    expect(await variantStock(database.db, 2, "Black", "S")).toEqual({ onHand: 5, reserved: 1 });

    const second = await startStore();
    const shopper = createApiClient(second.url, payment.shopper.jar);
    // Stripe retries the delivery that failed while the store was down; the shopper's success page asks at the same time.
    const [webhook, status] = await Promise.all([deliver(second, payment.payload), shopper.get(`/api/order-status/${payment.paymentIntentId}`)]);
    expect(webhook).toEqual({ status: 200, body: { received: true } });
    expect(status.body.order).toMatchObject({ status: "paid", orderNumber: payment.orderNumber });
    expect((await deliver(second, payment.payload)).status).toBe(200);

    expect(await outcome(payment)).toEqual(paidOnce);
    expect((await shopper.get("/api/cart")).body.items).toEqual([]);
  });

  it("killed after the webhook was applied: the same webhook delivered again to the next process changes nothing", async () => {
    const first = await startStore();
    const payment = await payAtStripe(first);
    expect(await deliver(first, payment.payload)).toEqual({ status: 200, body: { received: true } });
    await first.kill();
    expect(await outcome(payment)).toEqual(paidOnce);

    const second = await startStore();
    expect(await deliver(second, payment.payload)).toEqual({ status: 200, body: { received: true } });
    const status = await createApiClient(second.url, payment.shopper.jar).get(`/api/order-status/${payment.paymentIntentId}`);
    expect(status.body.order.status).toBe("paid");
    expect(await outcome(payment)).toEqual(paidOnce);
  });

  it("killed while sending the confirmation: paid once, and the sweep sends the confirmation once when the claim lapses", async () => {
    const smtp = await startSilentSmtp();
    try {
      const first = await startStore({ SMTP_URL: smtp.url });
      const payment = await payAtStripe(first);
      const delivery = deliver(first, payment.payload).catch(() => "no answer");
      await smtp.firstConnection; // the order is paid and the process waits on the mail server
      await first.kill();
      expect(await delivery).toBe("no answer");
      expect(await outcome(payment)).toEqual({ ...paidOnce, confirmations: 0 });

      const second = await startStore();
      expect((await deliver(second, payment.payload)).status).toBe(200);
      expect((await createApiClient(second.url, payment.shopper.jar).get(`/api/order-status/${payment.paymentIntentId}`)).body.order.status).toBe("paid");
      expect(await outcome(payment)).toEqual({ ...paidOnce, confirmations: 0 });

      // Every process's minute sweep (server/main.ts), here with the clock moved on.
      const sweep = (minutes: number) =>
        sendOwedConfirmations({
          db: database.db,
          mailer: createMailer({ outboxDir: join(dataDir.dir, "outbox") }),
          logger: createLogger("silent"),
          storeUrl: "http://store.test",
          storeIdentity: async () => ({ name: "Test Store", postalAddress: "1 Test Street, Testville", sender: { name: "Test Store", address: "store@example.com" }, supportEmail: "help@example.com" }),
          now: () => new Date(Date.now() + minutes * 60_000),
        });
      expect(await sweep(1)).toBe(0); // within the lease the first process might still be sending
      const sent = await Promise.all([sweep(16), sweep(16), sweep(16)]);
      expect(sent.reduce((a, b) => a + b)).toBe(1);
      expect(await sweep(31)).toBe(0);
      expect(await outcome(payment)).toEqual(paidOnce);
    } finally {
      smtp.close();
    }
  });
});
