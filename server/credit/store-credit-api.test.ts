import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { auditLog, orders, refunds, storeCreditEntries, testPaymentIntents } from "../db/schema";
import { createApiClient } from "../test/api-client";
import { registerShopper } from "../test/accounts-helpers";
import { signedInAdmin, signedInStaff } from "../test/admin-helpers";
import { card, closeOpenOrders, details, orderFor, setVariantStock, variantStock } from "../test/checkout-helpers";
import { startTestServer, type TestServer } from "../test/test-server";
import { creditBalance, moveCredit } from "./store-credit";

let server: TestServer;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAdmin(server);
});
afterAll(() => server?.close());
beforeEach(async () => {
  server.clock.now = new Date();
  await closeOpenOrders(server.database.db);
  await setVariantStock(server.database.db, 2, "Black", "M", 50);
  await setVariantStock(server.database.db, 3, "Black", "M", 50);
});

type Client = ReturnType<typeof createApiClient>;
const hoodie = { productId: 2, quantity: 1, size: "M", color: "Default" };
const give = (email: string, amountCents: number, reason = "Goodwill for a late parcel") => admin.post(`/api/admin/customers/${encodeURIComponent(email)}/credit`, { amountCents, reason });

/** A signed-in shopper with `credit` cents of store credit and a hoodie ($149.99 + $12.00 tax = $161.99) in the cart. */
async function shopperWithCredit(credit: number) {
  const shopper = createApiClient(server.url);
  const { email } = await registerShopper(shopper);
  if (credit) expect((await give(email, credit)).status).toBe(201);
  expect((await shopper.post("/api/cart/items", hoodie)).status).toBe(201);
  return { shopper, email };
}
const pay = (shopper: Client, started: { paymentIntentId: string; clientSecret: string }) =>
  shopper.post(`/api/test-payments/${started.paymentIntentId}/confirm`, { clientSecret: started.clientSecret, ...card("4242424242424242") });

describe("GET /api/account/credit", () => {
  it("needs a signed-in shopper, and starts empty", async () => {
    expect((await createApiClient(server.url).get("/api/account/credit")).status).toBe(401);
    const shopper = createApiClient(server.url);
    await registerShopper(shopper);
    expect((await shopper.get("/api/account/credit")).body).toEqual({ balanceCents: 0, entries: [] });
  });

  it("shows the balance and each movement, newest first; a guest's credit reaches the account with that email", async () => {
    const email = `Guest${Date.now()}@Example.com`;
    await give(email, 2_500, "Parcel lost in transit");
    await give(email.toLowerCase(), -500, "Partly found");
    const shopper = createApiClient(server.url);
    await registerShopper(shopper, { email: email.toLowerCase() });
    const res = await shopper.get("/api/account/credit");
    expect(res.body).toEqual({
      balanceCents: 2_000,
      entries: [
        { id: expect.any(Number), amountCents: -500, kind: "staff", reason: "Partly found", orderNumber: null, createdAt: expect.any(String) },
        { id: expect.any(Number), amountCents: 2_500, kind: "staff", reason: "Parcel lost in transit", orderNumber: null, createdAt: expect.any(String) },
      ],
    });
  });
});

describe("POST /api/admin/customers/{email}/credit", () => {
  it("adds and takes back credit, audited; never below zero (409)", async () => {
    const email = `credit${Date.now()}@example.com`;
    const added = await give(email, 3_000);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ email, balanceCents: 3_000, entries: [{ amountCents: 3_000, kind: "staff" }] });
    const tooMuch = await give(email, -3_001, "Taken back by mistake");
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe("Only $30.00 of store credit is available");
    expect((await give(email, -3_000, "Issued twice")).body.balanceCents).toBe(0);
    const audit = await server.database.db.select().from(auditLog).where(and(eq(auditLog.entity, "store_credit"), eq(auditLog.entityId, email)));
    expect(audit.map((a) => a.action).sort()).toEqual(["credit.add", "credit.remove"]);
    expect(audit.find((a) => a.action === "credit.remove")!.after).toMatchObject({ balanceCents: 0, amountCents: -3_000, reason: "Issued twice" });
  });

  it("refuses bad input with 400 and the store's error format", async () => {
    const bad = [
      {},
      { amountCents: 0, reason: "zero" },
      { amountCents: 10.5, reason: "half a cent" },
      { amountCents: "100", reason: "text" },
      { amountCents: 100 },
      { amountCents: 100, reason: "ok reason", extra: true },
      { amountCents: 100_000_000, reason: "too much" },
    ];
    for (const body of bad) {
      const res = await admin.post("/api/admin/customers/someone@example.com/credit", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(/^Invalid credit adjustment: /);
    }
    expect((await admin.post("/api/admin/customers/not-an-email/credit", { amountCents: 100, reason: "good reason" })).status).toBe(400);
  });

  it("is for the Owner and the Manager (customers.credit), not Fulfilment", async () => {
    const packer = await signedInStaff(server, "fulfilment");
    expect((await packer.client.post("/api/admin/customers/x@example.com/credit", { amountCents: 100, reason: "for a friend" })).status).toBe(403);
    const manager = await signedInStaff(server, "manager");
    expect((await manager.client.post("/api/admin/customers/x@example.com/credit", { amountCents: 100, reason: "goodwill" })).status).toBe(201);
  });
});

describe("store credit at checkout", () => {
  it("the quote offers the balance to a signed-in shopper and takes it off the amount due after tax", async () => {
    const { shopper } = await shopperWithCredit(5_000);
    const without = await shopper.post("/api/checkout/quote", {});
    expect(without.body).toMatchObject({ total: 161.99, tax: 12, storeCreditCents: 0, giftCardCents: 0, amountDueCents: 16_199, storeCreditAvailableCents: 5_000 });
    const withCredit = await shopper.post("/api/checkout/quote", { useStoreCredit: true });
    expect(withCredit.body).toMatchObject({ total: 161.99, tax: 12, storeCreditCents: 5_000, giftCardCents: 0, amountDueCents: 11_199 });
    expect((await shopper.post("/api/checkout/quote", { useStoreCredit: "yes" })).status).toBe(400);
  });

  it("a guest can't spend credit (401), and a guest's quote shows none", async () => {
    const guest = createApiClient(server.url);
    await guest.post("/api/cart/items", hoodie);
    expect((await guest.post("/api/checkout/quote", { useStoreCredit: true })).body).toMatchObject({ storeCreditCents: 0, storeCreditAvailableCents: 0, amountDueCents: 16_199 });
    const res = await guest.post("/api/create-payment-intent", { ...details, useStoreCredit: true });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Sign in to use your store credit.");
    expect((await guest.post("/api/create-payment-intent", { ...details, useStoreCredit: 1 })).status).toBe(400);
  });

  it("credit that covers the total pays the order without the card: stock taken, confirmation sent, balance down", async () => {
    const { shopper } = await shopperWithCredit(20_000);
    server.mailer.sent.length = 0;
    const res = await shopper.post("/api/create-payment-intent", { ...details, useStoreCredit: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ provider: "store_credit", clientSecret: "", total: 161.99, tax: 12, storeCreditCents: 16_199, giftCardCents: 0, amountDueCents: 0 });
    const order = await orderFor(server.database.db, res.body.paymentIntentId);
    expect(order).toMatchObject({ status: "paid", stockState: "committed", paymentProvider: "store_credit", storeCreditCents: 16_199, totalCents: 16_199, taxCents: 1_200 });
    expect(await variantStock(server.database.db, 2, "Black", "M")).toEqual({ onHand: 49, reserved: 0 });
    expect(server.mailer.sent.map((m) => m.subject)).toEqual([expect.stringContaining(order.orderNumber)]);
    expect((await shopper.get(`/api/order-status/${res.body.paymentIntentId}`)).body).toMatchObject({ order: { status: "paid" } });
    const credit = (await shopper.get("/api/account/credit")).body;
    expect(credit.balanceCents).toBe(20_000 - 16_199);
    expect(credit.entries[0]).toMatchObject({ amountCents: -16_199, kind: "checkout", orderNumber: order.orderNumber });
    expect((await shopper.get("/api/cart")).body.items ?? []).toEqual([]);
  });

  it("credit that covers part charges the card the rest; a refund gives the card back first and the credit last", async () => {
    const { shopper } = await shopperWithCredit(5_000);
    const started = await shopper.post("/api/create-payment-intent", { ...details, useStoreCredit: true });
    expect(started.body).toMatchObject({ provider: "test", total: 161.99, storeCreditCents: 5_000, amountDueCents: 11_199 });
    const [intent] = await server.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, started.body.paymentIntentId));
    expect(intent!.amountCents).toBe(11_199);
    expect((await shopper.get("/api/account/credit")).body.balanceCents).toBe(0);
    expect((await pay(shopper, started.body)).status).toBe(200);
    const { orderNumber } = started.body;
    expect((await orderFor(server.database.db, started.body.paymentIntentId)).status).toBe("paid");

    // $100 back: all of it to the card (it was charged $111.99).
    expect((await admin.post(`/api/admin/orders/${orderNumber}/refunds`, { amountCents: 10_000, reason: "Price match" })).status).toBe(201);
    expect((await shopper.get("/api/account/credit")).body.balanceCents).toBe(0);
    // The rest, $61.99: $11.99 to the card, $50.00 back as credit.
    expect((await admin.post(`/api/admin/orders/${orderNumber}/refunds`, { amountCents: 6_199, reason: "Damaged" })).status).toBe(201);
    const rows = await server.database.db.select().from(refunds).innerJoin(orders, eq(orders.id, refunds.orderId)).where(eq(orders.orderNumber, orderNumber));
    expect(rows.map((r) => [r.refunds.amountCents, r.refunds.storeCreditCents]).sort()).toEqual([[10_000, 0], [6_199, 5_000]].sort());
    const [after] = await server.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, started.body.paymentIntentId));
    expect(after!.refundedCents).toBe(11_199);
    const credit = (await shopper.get("/api/account/credit")).body;
    expect(credit.balanceCents).toBe(5_000);
    expect(credit.entries[0]).toMatchObject({ amountCents: 5_000, kind: "refund", orderNumber });
  });

  it("an order that expires unpaid gives its credit back", async () => {
    const { shopper } = await shopperWithCredit(5_000);
    const started = await shopper.post("/api/create-payment-intent", { ...details, useStoreCredit: true });
    expect((await shopper.get("/api/account/credit")).body.balanceCents).toBe(0);
    server.clock.now = new Date(Date.now() + 16 * 60_000);
    await server.services.checkout.expireStaleOrders();
    expect((await orderFor(server.database.db, started.body.paymentIntentId)).status).toBe("expired");
    const credit = (await shopper.get("/api/account/credit")).body;
    expect(credit.balanceCents).toBe(5_000);
    expect(credit.entries[0]).toMatchObject({ amountCents: 5_000, kind: "checkout", orderNumber: started.body.orderNumber });
  });

  it("a checkout retried without credit releases the first order's credit", async () => {
    const { shopper } = await shopperWithCredit(5_000);
    await shopper.post("/api/create-payment-intent", { ...details, useStoreCredit: true });
    const again = await shopper.post("/api/create-payment-intent", { ...details, useStoreCredit: false });
    expect(again.body).toMatchObject({ storeCreditCents: 0, amountDueCents: 16_199 });
    expect((await shopper.get("/api/account/credit")).body.balanceCents).toBe(5_000);
  });

  it("12 checkouts at once spend one customer's credit at most once; the balance never goes negative", async () => {
    const { shopper, email } = await shopperWithCredit(10_000);
    const answers = await Promise.all(Array.from({ length: 12 }, () => shopper.post("/api/create-payment-intent", { ...details, useStoreCredit: true })));
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    const balance = await creditBalance(server.database.db, email);
    expect(balance).toBeGreaterThanOrEqual(0);
    const entries = await server.database.db.select().from(storeCreditEntries).where(eq(storeCreditEntries.email, email));
    const heldByOpen = -entries.filter((e) => e.kind === "checkout").reduce((s, e) => s + e.amountCents, 0);
    expect(heldByOpen).toBeLessThanOrEqual(10_000);
    expect(balance + heldByOpen).toBe(10_000);
  });

  it("12 spends of one customer's credit at once: exactly what the balance holds succeeds", async () => {
    const db = server.database.db;
    const email = `race${Date.now()}@example.com`;
    await give(email, 5_000);
    const spend = () => db.transaction((tx) => moveCredit(tx as unknown as Database, { email, amountCents: -1_000, kind: "checkout", reason: "race", actor: "shopper", now: new Date() }));
    const results = await Promise.allSettled(Array.from({ length: 12 }, spend));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    expect(await creditBalance(db, email)).toBe(0);
  });
});

describe("a return ended in store credit", () => {
  it("staff approve a guest's return as store credit: no card refund, the order's email gets the credit", async () => {
    await setVariantStock(server.database.db, 3, "Black", "M", 100);
    const email = `returner${Date.now()}@example.com`;
    const guest = createApiClient(server.url);
    await guest.post("/api/cart/items", { productId: 3, quantity: 2, size: "M" });
    const started = await guest.post("/api/create-payment-intent", { ...details, email });
    await pay(guest, started.body);
    const { orderNumber } = started.body;
    for (const status of ["processing", "shipped", "delivered"]) {
      await admin.post(`/api/admin/orders/${orderNumber}/status`, { status, ...(status === "shipped" ? { shipment: { carrier: "UPS", trackingNumber: "1Z999AA10123456784" } } : {}) });
    }
    const itemId = (await admin.get(`/api/admin/orders/${orderNumber}`)).body.items[0].id as number;
    expect((await guest.post("/api/returns", { orderNumber, email, lines: [{ itemId, quantity: 1 }], reason: "Wrong colour" })).status).toBe(201);
    expect((await admin.post(`/api/admin/returns/${orderNumber}-R1`, { action: "approve", resolution: "cash" })).status).toBe(400);
    server.mailer.sent.length = 0;
    const approved = await admin.post(`/api/admin/returns/${orderNumber}-R1`, { action: "approve", resolution: "store_credit" });
    expect(approved.body).toMatchObject({ status: "approved", refund: 86.39, resolution: "store_credit" });
    const [intent] = await server.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, started.body.paymentIntentId));
    expect(intent!.refundedCents).toBe(0);
    expect(await creditBalance(server.database.db, email)).toBe(8_639);
    expect(server.mailer.sent.at(-1)).toMatchObject({ to: email, subject: `Return ${orderNumber}-R1 approved: $86.39 in store credit` });
    // The account opened later with that email sees it, and can spend it.
    const shopper = createApiClient(server.url);
    await registerShopper(shopper, { email });
    const credit = (await shopper.get("/api/account/credit")).body;
    expect(credit).toMatchObject({ balanceCents: 8_639, entries: [{ amountCents: 8_639, kind: "return", orderNumber }] });
  });
});
