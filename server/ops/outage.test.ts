import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDrops } from "../drops/seed-drops";
import { openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { seedCatalog } from "../seed/seed-catalog";
import { createStripePaymentProvider } from "../payments/stripe-provider";
import { registerShopper } from "../test/accounts-helpers";
import { createApiClient } from "../test/api-client";
import { card, checkoutWith, orderFor, setVariantStock, variantStock } from "../test/checkout-helpers";
import { startFakeStripe } from "../test/fake-stripe";
import { startTestServer, type TestServer } from "../test/test-server";
import { postgresBinaries, startThrowawayPostgres, type ThrowawayPostgres } from "../test/throwaway-postgres";

const WEBHOOK_SECRET = "whsec_outage_test";

/** One timed request: its status and how long it took. */
async function timed(url: string, init?: RequestInit): Promise<{ status: number; ms: number; body: unknown }> {
  const started = performance.now();
  const res = await fetch(url, init);
  const body = res.headers.get("content-type")?.includes("json") ? await res.json() : await res.text();
  return { status: res.status, ms: performance.now() - started, body };
}

async function until(check: () => Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.runIf(postgresBinaries())("PostgreSQL stopped in the middle of traffic (a throwaway cluster)", () => {
  let postgres: ThrowawayPostgres;
  let server: TestServer;
  let stripeServer: TestServer;
  let pagesServer: TestServer;
  let cachedPagesServer: TestServer;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  const healthy = async () => (await fetch(`${server.url}/api/health`)).status === 200 && (await fetch(`${stripeServer.url}/api/health`)).status === 200;

  beforeAll(async () => {
    postgres = await startThrowawayPostgres();
    const database = await openDatabase({ url: postgres.url, poolSize: 4 });
    await migrateDatabase(database);
    await seedCatalog(database.db);
    await seedDrops(database.db, new Date());
    server = await startTestServer({ database });
    pagesServer = await startTestServer({ database: await openDatabase({ url: postgres.url, poolSize: 4 }), pages: true });
    cachedPagesServer = await startTestServer({ database: await openDatabase({ url: postgres.url, poolSize: 4 }), pages: true, cacheTtlMs: 60_000 });
    fake = await startFakeStripe();
    stripeServer = await startTestServer({
      database: await openDatabase({ url: postgres.url, poolSize: 4 }),
      payments: () => createStripePaymentProvider({ secretKey: "sk_test_fake", publishableKey: "pk_test_fake", webhookSecret: WEBHOOK_SECRET, api: fake.api }),
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close().catch(() => {});
    await stripeServer?.close().catch(() => {});
    await pagesServer?.close().catch(() => {});
    await cachedPagesServer?.close().catch(() => {});
    await fake?.close();
    await postgres?.destroy();
  });

  it("answers 503 within a second while it is down, says so on /api/health, and serves again once it is back", async () => {
    expect((await timed(`${server.url}/api/products/2`)).status).toBe(200);
    let running = true;
    const seen: { status: number; ms: number }[] = [];
    const traffic = Array.from({ length: 4 }, async (_, i) => {
      const shopper = createApiClient(server.url);
      while (running) {
        const path = ["/api/products/2", "/api/health", "/api/cart", "/api/products?limit=5"][i]!;
        const started = performance.now();
        const res = i === 2 ? await shopper.get(path) : await fetch(`${server.url}${path}`);
        seen.push({ status: res.status, ms: performance.now() - started });
      }
    });

    await postgres.stop();
    const product = await timed(`${server.url}/api/products/2`);
    expect(product).toMatchObject({ status: 503, body: { code: "unavailable", message: "The store is briefly unavailable. Please try again in a moment." } });
    expect(product.ms).toBeLessThan(1000);
    const health = await timed(`${server.url}/api/health`);
    expect(health).toMatchObject({ status: 503, body: { status: "error", database: "unavailable" } });
    expect(health.ms).toBeLessThan(1000);
    const add = await timed(`${server.url}/api/cart/items`, { method: "POST", headers: { "content-type": "application/json", origin: server.url }, body: JSON.stringify({ productId: 2, quantity: 1, size: "M", color: "Black" }) });
    expect(add).toMatchObject({ status: 503, body: { code: "unavailable" } });
    expect(add.ms).toBeLessThan(1000);
    const page = await timed(`${server.url}/api/products/category/men`);
    expect(page.status).toBe(503);

    await postgres.start();
    await until(healthy);
    running = false;
    await Promise.all(traffic);
    expect((await timed(`${server.url}/api/products/2`)).status).toBe(200);

    // Nothing but answers and quick refusals: no 500, no request left hanging.
    expect(new Set(seen.map((s) => s.status))).toEqual(new Set([200, 503]));
    expect(Math.max(...seen.map((s) => s.ms))).toBeLessThan(3500);
  }, 90_000);

  it("answers every page kind with 503, Retry-After and the outage page, to anonymous, cart-holding and signed-in visitors", async () => {
    const guest = createApiClient(pagesServer.url);
    expect((await guest.post("/api/cart/items", { productId: 2, quantity: 1, size: "M", color: "Black" }, { origin: pagesServer.url })).status).toBe(201);
    const member = createApiClient(pagesServer.url);
    expect((await registerShopper(member)).res.status).toBe(201);
    await member.post("/api/cart/items", { productId: 2, quantity: 1, size: "M", color: "Black" }, { origin: pagesServer.url });
    const visitors = { anonymous: createApiClient(pagesServer.url), guest, member };
    const pages = ["/", "/product/11", "/category/men", "/cart", "/account"];
    for (const path of pages) expect((await visitors.member.get(path, { accept: "text/html" })).status, path).toBe(200);

    await postgres.stop();
    const seen: Record<string, unknown> = {};
    for (const [who, client] of Object.entries(visitors)) {
      for (const path of pages) {
        const res = await client.get(path, { accept: "text/html" });
        seen[`${who} ${path}`] = { status: res.status, retryAfter: res.headers.get("retry-after"), outagePage: res.text.includes("The store is briefly unavailable") };
      }
    }
    await postgres.start();
    await until(async () => (await fetch(`${pagesServer.url}/api/health`)).status === 200);
    expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((key) => [key, { status: 503, retryAfter: "5", outagePage: true }])));
    expect((await visitors.member.get("/product/11", { accept: "text/html" })).status).toBe(200);
  }, 90_000);

  it("never shows a cart holder the stored cart page's empty cart when their cart can't be read", async () => {
    const guest = createApiClient(cachedPagesServer.url);
    expect((await guest.post("/api/cart/items", { productId: 2, quantity: 1, size: "M", color: "Black" }, { origin: cachedPagesServer.url })).status).toBe(201);
    expect((await createApiClient(cachedPagesServer.url).get("/cart", { accept: "text/html" })).status).toBe(200); // stored
    expect((await guest.get("/cart", { accept: "text/html" })).headers.get("x-cache")).toBe("hit");

    await postgres.stop();
    const res = await guest.get("/cart", { accept: "text/html" });
    await postgres.start();
    await until(async () => (await fetch(`${cachedPagesServer.url}/api/health`)).status === 200);
    expect([res.status, res.headers.get("retry-after")]).toEqual([503, "5"]);
    expect(res.text).toContain("The store is briefly unavailable");
    expect(res.text).not.toContain("Your cart is empty");
    expect((await guest.get("/cart", { accept: "text/html" })).text).toContain("Your Cart");
  }, 90_000);

  it("never shows a product page's stored stock after a sale when the latest stock can't be read (decision 0041)", async () => {
    const anonymous = createApiClient(cachedPagesServer.url);
    expect((await anonymous.get("/product/12", { accept: "text/html" })).status).toBe(200); // stored
    expect((await anonymous.get("/product/12", { accept: "text/html" })).headers.get("x-cache")).toBe("hit");
    // A sale of it elsewhere: the page is kept, its latest stock must be read again.
    cachedPagesServer.services.catalogChanges.publish({ products: [12], stockOnly: true });

    await postgres.stop();
    const res = await anonymous.get("/product/12", { accept: "text/html" });
    await postgres.start();
    await until(async () => (await fetch(`${cachedPagesServer.url}/api/health`)).status === 200);
    expect([res.status, res.headers.get("retry-after")]).toEqual([503, "5"]);
    expect(res.text).toContain("The store is briefly unavailable");
    const again = await anonymous.get("/product/12", { accept: "text/html" });
    expect([again.status, again.headers.get("x-cache")]).toEqual([200, "hit"]);
    expect(again.text).toMatch(/id="stock-json">\{"productId":12,/);
  }, 90_000);

  it("a test-provider payment confirmed during the outage becomes exactly one paid order once it is retried", async () => {
    await setVariantStock(server.database.db, 2, "Black", "M", 5);
    const shopper = createApiClient(server.url);
    const started = await checkoutWith(shopper, { productId: 2, quantity: 1, size: "M", color: "Black" });
    expect(started.status).toBe(200);
    const confirm = () => shopper.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") });

    await postgres.stop();
    expect((await confirm()).status).toBe(503);
    await postgres.start();
    await until(healthy);
    expect((await confirm()).status).toBe(200);
    expect((await confirm()).status).toBeLessThan(500);

    const order = await orderFor(server.database.db, started.body.paymentIntentId);
    expect(order.status).toBe("paid");
    expect(await variantStock(server.database.db, 2, "Black", "M")).toEqual({ onHand: 4, reserved: 0 });
    expect(server.mailer.sent.filter((m) => m.subject.includes(order.orderNumber))).toHaveLength(1);
  }, 90_000);

  it("a Stripe webhook refused during the outage is applied once when Stripe retries it", async () => {
    await setVariantStock(stripeServer.database.db, 2, "Black", "S", 5);
    const shopper = createApiClient(stripeServer.url);
    const started = await checkoutWith(shopper, { productId: 2, quantity: 1, size: "S" });
    expect(started.status).toBe(200);
    const intentId = started.body.paymentIntentId as string;
    fake.setStatus(intentId, "succeeded");
    const payload = JSON.stringify({ id: "evt_outage", object: "event", type: "payment_intent.succeeded", api_version: "2025-01-01", created: Math.floor(Date.now() / 1000), data: { object: fake.intents.get(intentId) } });
    const deliver = () =>
      fetch(`${stripeServer.url}/api/webhooks/stripe`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
        body: payload,
      });

    await postgres.stop();
    expect((await deliver()).status).toBe(503);
    await postgres.start();
    await until(healthy);
    expect((await deliver()).status).toBe(200);
    expect((await deliver()).status).toBe(200);

    expect((await orderFor(stripeServer.database.db, intentId)).status).toBe("paid");
    expect(await variantStock(stripeServer.database.db, 2, "Black", "S")).toEqual({ onHand: 4, reserved: 0 });
    expect(stripeServer.mailer.sent).toHaveLength(1);
  }, 90_000);
});
