import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { drops, orders } from "../db/schema";
import { registerShopper } from "../test/accounts-helpers";
import { createApiClient } from "../test/api-client";
import { card, closeOpenOrders, details, orderFor, setVariantStock, variantStock } from "../test/checkout-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

type Client = ReturnType<typeof createApiClient>;
const HOUR = 3_600_000;
const hoodie = { productId: 2, size: "M", color: "Black" };
const shorts = { productId: 3, size: "M", color: "Black" };
const elsewhere = { line1: "400 Pine Avenue", city: "Seattle", region: "WA", postalCode: "98101", country: "US" };

/** The VSOP drop (products 1-3), open since an hour, with these limits; every order before is forgotten. */
async function vsopWithLimits(limits: { perProductLimit: number | null; perDropLimit: number | null }) {
  const db = server.database.db;
  server.clock.now = new Date();
  await closeOpenOrders(db);
  await db.execute(sql`update orders set status = 'refunded' where status in ('paid', 'processing')`);
  const at = new Date(Date.now() - HOUR);
  await db.update(drops).set({ ...limits, announceAt: at, opensAt: at, earlyAccessAt: null }).where(eq(drops.slug, "vsop"));
  // The gate reads the drop from each process's memory: it hears the change as a staff edit would make it.
  server.services.catalogChanges.receive({ all: true });
  for (const size of ["M", "L"]) {
    await setVariantStock(db, 2, "Black", size, 100);
    await setVariantStock(db, 3, "Black", size, 100);
  }
}

async function shopperWith(items: { productId: number; size: string; color: string; quantity?: number }[], client = createApiClient(server.url)): Promise<Client> {
  for (const item of items) {
    const added = await client.post("/api/cart/items", { quantity: 1, ...item });
    if (added.status !== 201) throw new Error(`add failed: ${added.status} ${added.text}`);
  }
  return client;
}

const checkout = (shopper: Client, overrides: Record<string, unknown> = {}) => shopper.post("/api/create-payment-intent", { ...details, ...overrides });
const pay = (shopper: Client, started: { body: { paymentIntentId: string; clientSecret: string } }) =>
  shopper.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") });

describe("a drop's per-customer limit", () => {
  beforeEach(() => vsopWithLimits({ perProductLimit: 1, perDropLimit: null }));

  it("refuses a customer over the per-product limit by account, then by email signed out, then by the same address written differently", async () => {
    const account = createApiClient(server.url);
    const { email } = await registerShopper(account);
    const first = await checkout(await shopperWith([hoodie], account), { email, address: details.address });
    expect(first.status).toBe(200);
    expect((await pay(account, first)).status).toBe(200);

    const refusal = "You can buy at most 1 of VSOP Premium Hoodie in this drop";
    // The account: another email and address are still the same customer.
    const again = await checkout(await shopperWith([{ ...hoodie, size: "L" }], account), { email: "other@example.com", address: elsewhere });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(refusal);

    // Signed out, with the account's email (in other letters) and another address.
    const guest = await checkout(await shopperWith([hoodie]), { email: email.toUpperCase(), address: elsewhere });
    expect(guest.status).toBe(409);
    expect(guest.body.message).toBe(refusal);

    // Another email, the same address written another way.
    const sameDoor = { line1: "12 market st.", line2: "", city: "PORTLAND", region: "or", postalCode: "972 05", country: "US" };
    const disguised = await checkout(await shopperWith([hoodie]), { email: "someone.else@example.com", address: sameDoor });
    expect(disguised.status).toBe(409);
    expect(disguised.body.message).toBe(refusal);

    // Another customer altogether, and another product of the drop for this one.
    expect((await checkout(await shopperWith([hoodie]), { email: "stranger@example.com", address: elsewhere })).status).toBe(200);
    expect((await checkout(await shopperWith([shorts]), { email, address: details.address })).status).toBe(200);
    // Nothing was taken for the refused checkouts.
    expect(await variantStock(server.database.db, 2, "Black", "L")).toEqual({ onHand: 100, reserved: 0 });
  });

  it("refuses two of one product in one cart, and counts an open checkout that holds stock", async () => {
    // Add-to-cart refuses an add over the limit as a courtesy; two adds of one still reach checkout, the guard.
    const tooMany = await createApiClient(server.url).post("/api/cart/items", { ...hoodie, quantity: 2 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe("You can buy at most 1 of each piece of VSOP Premium Collection");
    const two = await checkout(await shopperWith([hoodie, hoodie]), { email: "pair@example.com" });
    expect(two.status).toBe(409);
    expect(two.body.message).toBe("You can buy at most 1 of VSOP Premium Hoodie in this drop");

    const holding = await shopperWith([hoodie]);
    expect((await checkout(holding, { email: "holder@example.com" })).status).toBe(200);
    const second = await checkout(await shopperWith([hoodie]), { email: "holder@example.com", address: elsewhere });
    expect(second.status).toBe(409);
    // The same cart checking out again replaces its own open order: not counted against itself.
    expect((await checkout(holding, { email: "holder@example.com", name: "Another Name" })).status).toBe(200);
  });

  it("10 checkouts at once by one customer (one email, ten carts) at a limit of 1: exactly one holds stock", async () => {
    const carts = await Promise.all(Array.from({ length: 10 }, () => shopperWith([hoodie])));
    const started = await Promise.all(carts.map((cart) => checkout(cart, { email: "racer@example.com" })));
    expect(started.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(started.filter((r) => r.status === 409).every((r) => r.body.message === "You can buy at most 1 of VSOP Premium Hoodie in this drop")).toBe(true);
    const holding = await server.database.db.$count(orders, and(eq(orders.email, "racer@example.com"), eq(orders.stockState, "held")));
    expect(holding).toBe(1);
    expect(await variantStock(server.database.db, 2, "Black", "M")).toEqual({ onHand: 100, reserved: 1 });
  });

  it("8 checkouts at once from one address written differently, each with its own email: exactly one holds stock, while 4 other buyers check out beside them", async () => {
    const spellings = ["1 Race Lane", "1 race lane", "1 Race Ln", "1 RACE LANE", "1  Race  Lane", "1 race ln", "1 Race Lane ", "1 race LANE"];
    const racers = await Promise.all(spellings.map(() => shopperWith([hoodie])));
    const others = await Promise.all(Array.from({ length: 4 }, () => shopperWith([hoodie])));
    const started = await Promise.all([
      ...racers.map((cart, i) => checkout(cart, { email: `racer-${i}@example.com`, address: { ...details.address, line1: spellings[i] } })),
      ...others.map((cart, i) => checkout(cart, { email: `beside-${i}@example.com`, address: { ...details.address, line1: `${i + 2} Other Street` } })),
    ]);
    expect(started.slice(0, 8).map((r) => r.status).sort()).toEqual([200, ...Array(7).fill(409)]);
    expect(started.slice(8).map((r) => r.status)).toEqual([200, 200, 200, 200]);
  });

  it("refunds a late payment whose hold lapsed once the customer bought up to the limit meanwhile", async () => {
    const slow = await shopperWith([hoodie]);
    const lapsed = await checkout(slow, { email: "late@example.com" });
    expect(lapsed.status).toBe(200);
    server.clock.now = new Date(Date.now() + 16 * 60_000);
    await server.services.checkout.expireStaleOrders();
    expect((await orderFor(server.database.db, lapsed.body.paymentIntentId)).stockState).toBe("released");

    const fast = await shopperWith([hoodie]);
    const bought = await checkout(fast, { email: "late@example.com" });
    expect((await pay(fast, bought)).status).toBe(200);

    await server.services.checkout.handlePaymentEvent({ event: { id: "evt_drop_limit_late", type: "payment_intent.succeeded", intentId: lapsed.body.paymentIntentId, amountCents: 16199 } });
    expect((await orderFor(server.database.db, lapsed.body.paymentIntentId)).status).toBe("refunded");
    // One unit sold, the refunded order took none.
    expect(await variantStock(server.database.db, 2, "Black", "M")).toEqual({ onHand: 99, reserved: 0 });
  });

  it("lets a late payment under the limit take its stock as before", async () => {
    const slow = await shopperWith([hoodie]);
    const lapsed = await checkout(slow, { email: "late-alone@example.com" });
    server.clock.now = new Date(Date.now() + 16 * 60_000);
    await server.services.checkout.expireStaleOrders();
    await server.services.checkout.handlePaymentEvent({ event: { id: "evt_drop_limit_late_ok", type: "payment_intent.succeeded", intentId: lapsed.body.paymentIntentId, amountCents: 16199 } });
    expect((await orderFor(server.database.db, lapsed.body.paymentIntentId)).status).toBe("paid");
  });
});

describe("a drop's whole-drop limit", () => {
  it("counts every product of the drop, and names the drop", async () => {
    await vsopWithLimits({ perProductLimit: null, perDropLimit: 2 });
    const shopper = await shopperWith([hoodie, shorts]);
    const first = await checkout(shopper, { email: "collector@example.com" });
    expect((await pay(shopper, first)).status).toBe(200);
    const more = await checkout(await shopperWith([{ ...hoodie, size: "L" }]), { email: "collector@example.com" });
    expect(more.status).toBe(409);
    expect(more.body.message).toBe("You can buy at most 2 pieces of VSOP Premium Collection");
  });
});

describe("a drop with no limits", () => {
  it("sells one customer as many as stock allows", async () => {
    await vsopWithLimits({ perProductLimit: null, perDropLimit: null });
    for (let i = 0; i < 2; i++) {
      const shopper = await shopperWith([{ ...hoodie, quantity: 3 }, shorts]);
      const started = await checkout(shopper, { email: "fan@example.com" });
      expect(started.status).toBe(200);
      expect((await pay(shopper, started)).status).toBe(200);
    }
    expect(await variantStock(server.database.db, 2, "Black", "M")).toEqual({ onHand: 94, reserved: 0 });
  });
});
