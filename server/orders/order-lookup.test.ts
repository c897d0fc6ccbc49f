import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "../test/api-client";
import { signedInAdmin } from "../test/admin-helpers";
import { card, details, setVariantStock } from "../test/checkout-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await setVariantStock(server.database.db, 3, "Black", "M", 50);
});
afterAll(() => server?.close());

async function placeOrder({ pay = true } = {}) {
  const shopper = createApiClient(server.url);
  await shopper.post("/api/cart/items", { productId: 3, quantity: 1, size: "M" });
  const started = await shopper.post("/api/create-payment-intent", { ...details, email: "guest.lookup@example.com" });
  if (pay) await shopper.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") });
  return started.body.orderNumber as string;
}

const lookup = (body: unknown) => createApiClient(server.url).post("/api/orders/lookup", body);
const NOT_FOUND = "We couldn't find an order with that number and email. Check both against your confirmation email.";

describe("guest order lookup", () => {
  it("finds a placed order by number and email (any case), with its items, a masked address and, once shipped, tracking", async () => {
    const orderNumber = await placeOrder();
    const found = await lookup({ orderNumber: orderNumber.toLowerCase(), email: "Guest.Lookup@Example.com" });
    expect(found.status).toBe(200);
    expect(found.body.order).toMatchObject({ orderNumber, status: "paid", tracking: null });
    expect(found.body.items).toHaveLength(1);
    expect(found.body.shipping).toEqual({ name: "S. R.", city: "Portland", region: "OR", postalCode: "972**", country: "US" });
    expect(JSON.stringify(found.body)).not.toContain("Market Street");

    const admin = await signedInAdmin(server);
    await admin.post(`/api/admin/orders/${orderNumber}/status`, { status: "processing" });
    await admin.post(`/api/admin/orders/${orderNumber}/status`, { status: "shipped", shipment: { carrier: "USPS", trackingNumber: "9400100000000000000000" } });
    const shipped = await lookup({ orderNumber, email: "guest.lookup@example.com" });
    expect(shipped.body.order.tracking).toMatchObject({ carrier: "USPS", number: "9400100000000000000000", url: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000" });
  });

  it("answers a wrong email, a wrong number and an unpaid checkout alike", async () => {
    const orderNumber = await placeOrder();
    const unpaid = await placeOrder({ pay: false });
    for (const body of [
      { orderNumber, email: "someone.else@example.com" },
      { orderNumber: "VS-999999999", email: "guest.lookup@example.com" },
      { orderNumber: unpaid, email: "guest.lookup@example.com" },
    ]) {
      const res = await lookup(body);
      expect([res.status, res.body.message]).toEqual([404, NOT_FOUND]);
    }
  });

  it("stops guessing: ten misses for one order number are rate-limited like sign-in, and bad input is a 400", async () => {
    const orderNumber = await placeOrder();
    for (let i = 0; i < 10; i++) expect((await lookup({ orderNumber, email: `guess${i}@example.com` })).status).toBe(404);
    const limited = await lookup({ orderNumber, email: "guest.lookup@example.com" });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes\.$/);
    expect((await lookup({ orderNumber: "123", email: "a@b.co" })).body.message).toBe("Invalid lookup: orderNumber: must be an order number like VS-100123");
    expect((await lookup({ orderNumber, email: "nope" })).body.message).toBe("Invalid lookup: email: must be an email address");
    expect((await lookup({ orderNumber, email: "a@b.co", extra: 1 })).status).toBe(400);
  });
});
