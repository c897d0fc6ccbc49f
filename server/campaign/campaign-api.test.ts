import { promoteToStaff } from "../test/admin-helpers";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscribers } from "../db/schema";
import { createApiClient } from "../test/api-client";
import { registerShopper } from "../test/accounts-helpers";
import { card, details } from "../test/checkout-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const DAY = 86_400_000;

describe("the VSOP campaign", () => {
  it("is scheduled from the seed date and its hype is the real share pre-ordered", async () => {
    const before = (await createApiClient(server.url).get("/api/campaigns/vsop")).body;
    expect(before).toMatchObject({ slug: "vsop", ended: false, freeShipping: true, limitedQuantities: true });
    const closes = new Date(before.preorderClosesAt).getTime();
    expect(Math.abs(closes - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    expect(new Date(before.shipsAt).getTime() - closes).toBe(14 * DAY);

    const shopper = createApiClient(server.url);
    await shopper.post("/api/cart/items", { productId: 1, quantity: 5, size: "M" });
    const started = await shopper.post("/api/create-payment-intent", details);
    const reserved = (await createApiClient(server.url).get("/api/campaigns/vsop")).body.hypePercent;
    expect(reserved).toBeGreaterThan(before.hypePercent);
    await shopper.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") });
    expect((await createApiClient(server.url).get("/api/campaigns/vsop")).body.hypePercent).toBe(reserved);
  });

  it("shows 100 once pre-orders have closed", async () => {
    server.clock.now = new Date(Date.now() + 31 * DAY);
    try {
      expect((await createApiClient(server.url).get("/api/campaigns/vsop")).body).toMatchObject({ ended: true, hypePercent: 100 });
    } finally {
      server.clock.now = new Date();
    }
  });

  it("staff can move its dates; others cannot", async () => {
    const customer = createApiClient(server.url);
    await registerShopper(customer);
    const change = { preorderClosesAt: "2027-01-10T18:00:00Z", shipsAt: "2027-01-24T00:00:00Z" };
    expect((await customer.patch("/api/admin/campaigns/vsop", change)).status).toBe(403);
    const admin = createApiClient(server.url);
    const { username } = await registerShopper(admin);
    await promoteToStaff(server.database.db, username);
    const res = await admin.patch("/api/admin/campaigns/vsop", change);
    expect(res.body).toMatchObject({ preorderClosesAt: "2027-01-10T18:00:00.000Z", shipsAt: "2027-01-24T00:00:00.000Z" });
    expect((await admin.patch("/api/admin/campaigns/vsop", { shipsAt: "2027-01-01T00:00:00Z" })).body.message).toBe("The ship date must not be before pre-orders close");
    expect((await admin.patch("/api/admin/campaigns/vsop", { shipsAt: "soon" })).status).toBe(400);
    expect((await admin.patch("/api/admin/campaigns/nope", change)).status).toBe(404);
    const log = (await admin.get("/api/admin/audit?entity=campaign&entityId=vsop")).body.entries;
    expect(log).toHaveLength(1); // the refused changes wrote nothing
    expect(log[0]).toMatchObject({ action: "update", after: { preorderClosesAt: "2027-01-10T18:00:00.000Z", shipsAt: "2027-01-24T00:00:00.000Z" } });
    expect(log[0].before.shipsAt).not.toBe(log[0].after.shipsAt);
  });
});

describe("POST /api/newsletter", () => {
  it("stores each email once, whatever its case and wherever it came from", async () => {
    const visitor = createApiClient(server.url);
    const first = await visitor.post("/api/newsletter", { email: "Fan@Example.com", source: "vip" });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ subscribed: true, alreadySubscribed: false, offerCode: null });
    const again = await visitor.post("/api/newsletter", { email: "fan@example.com" });
    expect(again.status).toBe(200);
    expect(again.body.alreadySubscribed).toBe(true);
    expect(await server.database.db.$count(newsletterSubscribers, eq(newsletterSubscribers.email, "fan@example.com"))).toBe(1);
  });

  it.each([
    [{ email: "   " }, "Please enter your email address."],
    [{ email: "not-an-email" }, "Enter a valid email address"],
    [{ email: "a@b.co", source: "popup" }, "source"],
    [{ email: "a@b.co", extra: 1 }, "Unknown field"],
  ])("refuses %j", async (body, message) => {
    const res = await createApiClient(server.url).post("/api/newsletter", body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it("gives the exit-intent offer: a 15 % code that checkout takes once", async () => {
    const res = await createApiClient(server.url).post("/api/newsletter", { email: "leaving@example.com", source: "exit-intent" });
    const code = res.body.offerCode as string;
    expect(code).toMatch(/^WELCOME-[0-9A-F]{8}$/);
    expect((await createApiClient(server.url).post("/api/newsletter", { email: "LEAVING@example.com", source: "exit-intent" })).body.offerCode).toBe(code);

    const buyer = createApiClient(server.url);
    await buyer.post("/api/cart/items", { productId: 3, quantity: 1, size: "L" });
    const started = await buyer.post("/api/create-payment-intent", { ...details, discountCode: code.toLowerCase() });
    expect(started.body).toMatchObject({ subtotal: 79.99, discount: 12, tax: 5.44, total: 73.43 });

    const rival = createApiClient(server.url);
    await rival.post("/api/cart/items", { productId: 3, quantity: 1, size: "L" });
    expect((await rival.post("/api/checkout/quote", { discountCode: code })).body.message).toBe(`The code ${code} has already been used`);
    expect((await rival.post("/api/create-payment-intent", { ...details, discountCode: code })).status).toBe(400);

    expect((await buyer.post("/api/create-payment-intent", { ...details, discountCode: code })).body.clientSecret).toBe(started.body.clientSecret);
    await buyer.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") });
    await buyer.post("/api/cart/items", { productId: 3, quantity: 1, size: "L" });
    expect((await buyer.post("/api/create-payment-intent", { ...details, discountCode: code })).body.message).toBe(`The code ${code} has already been used`);
  });

  it("frees a held code when its order expires unpaid", async () => {
    const code = (await createApiClient(server.url).post("/api/newsletter", { email: "second@example.com", source: "exit-intent" })).body.offerCode;
    const first = createApiClient(server.url);
    await first.post("/api/cart/items", { productId: 3, quantity: 1, size: "XL" });
    await first.post("/api/create-payment-intent", { ...details, discountCode: code });
    server.clock.now = new Date(Date.now() + 16 * 60_000);
    try {
      await server.services.checkout.expireStaleOrders();
      const second = createApiClient(server.url);
      await second.post("/api/cart/items", { productId: 3, quantity: 1, size: "XL" });
      expect((await second.post("/api/create-payment-intent", { ...details, discountCode: code })).status).toBe(200);
    } finally {
      server.clock.now = new Date();
    }
  });
});
