import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orders, refunds, variants } from "../db/schema";
import { createApiClient } from "../test/api-client";
import { signedInAdmin } from "../test/admin-helpers";
import { card, closeOpenOrders, details } from "../test/checkout-helpers";
import { startFakeStripe } from "../test/fake-stripe";
import { pricingRules } from "../test/pricing-rules-helpers";
import { startTestServer, type TestServer } from "../test/test-server";
import { TAX_UNAVAILABLE } from "../orders/price-checkout";

/** Checkout with the settings on Stripe Tax, against the offline fake through the real SDK: quote, commit, reverse, failure. */
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let server: TestServer;
let shopper: ReturnType<typeof createApiClient>;
const sanFrancisco = { ...details.address, line1: "1 Market Street", city: "San Francisco", region: "CA", postalCode: "94103" };

beforeAll(async () => {
  fake = await startFakeStripe();
  server = await startTestServer({ stripeTax: { secretKey: "sk_test_stripe_tax_checkout", api: fake.api } });
  await pricingRules(server).settings({ taxProvider: "stripe_tax" });
  await server.database.db.update(variants).set({ onHand: 100, reserved: 0 }).where(and(eq(variants.productId, 3), eq(variants.color, "Black"), eq(variants.size, "M")));
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
beforeEach(async () => {
  fake.failTax(false);
  await closeOpenOrders(server.database.db);
  shopper = createApiClient(server.url);
  await shopper.post("/api/cart/items", { productId: 3, color: "Black", size: "M", quantity: 2 });
});

describe("Stripe Tax at checkout", () => {
  it("quotes, charges the quoted tax, records the transaction once paid, and reverses a partial refund", async () => {
    const quote = (await shopper.post("/api/checkout/quote", { address: { country: "US", region: "CA", postalCode: "94103" } })).body;
    expect(quote).toMatchObject({ subtotal: 159.98, tax: 13.8, total: 173.78, taxLines: [expect.objectContaining({ label: "California Sales Tax (8.625%)" })] }); // 13.798
    const started = (await shopper.post("/api/create-payment-intent", { ...details, address: sanFrancisco })).body;
    expect(started).toMatchObject({ tax: 13.8, total: 173.78 });
    const [pending] = await server.database.db.select().from(orders).where(eq(orders.orderNumber, started.orderNumber));
    expect(pending).toMatchObject({ taxProvider: "stripe_tax", taxCalculationId: expect.stringMatching(/^taxcalc_/), taxTransactionId: null });

    await shopper.post(`/api/test-payments/${started.paymentIntentId}/confirm`, { clientSecret: started.clientSecret, ...card("4242424242424242") });
    const [paid] = await server.database.db.select().from(orders).where(eq(orders.orderNumber, started.orderNumber));
    expect(paid!.taxTransactionId).toMatch(/^tax_/);
    expect([...fake.taxTransactions.values()].filter((t) => (t as { reference: string }).reference === started.orderNumber)).toHaveLength(1);

    const admin = await signedInAdmin(server);
    const order = (await admin.get(`/api/admin/orders/${started.orderNumber}`)).body;
    const refund = await admin.post(`/api/admin/orders/${started.orderNumber}/refunds`, { lines: [{ itemId: order.items[0].id, quantity: 1 }], reason: "Too small" });
    expect(refund.body.order.refunded).toBe(86.89); // 79.99 + 6.90 of the 13.80
    const [written] = await server.database.db.select().from(refunds).where(eq(refunds.orderId, paid!.id));
    expect(written!.taxReversalId).toMatch(/^tax_/);
    const reversal = fake.taxReversals.get(written!.taxReversalId!) as unknown as { reference: string; line_items: { amount_tax: number }[] };
    expect(reversal.reference).toBe(written!.id);
    expect(reversal.line_items.reduce((s, l) => s + l.amount_tax, 0)).toBe(-690);
  });

  it("when Stripe Tax fails, checkout is refused with a clear message and no order is made", async () => {
    fake.failTax(true);
    const before = await server.database.db.$count(orders);
    const quote = await shopper.post("/api/checkout/quote", { address: { country: "US", region: "CA", postalCode: "94103" } });
    expect(quote.status).toBe(503);
    expect(quote.body.message).toBe(TAX_UNAVAILABLE);
    const refused = await shopper.post("/api/create-payment-intent", { ...details, address: sanFrancisco });
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe(TAX_UNAVAILABLE);
    expect(await server.database.db.$count(orders)).toBe(before);
  });
});
