import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orders, refunds, variants } from "../db/schema";
import { createApiClient } from "../test/api-client";
import { signedInAdmin } from "../test/admin-helpers";
import { card, closeOpenOrders, details } from "../test/checkout-helpers";
import { startFakeStripe } from "../test/fake-stripe";
import { pricingRules } from "../test/pricing-rules-helpers";
import { startTestServer, type TestServer } from "../test/test-server";
import { TAX_UNAVAILABLE } from "../pricing/price-order";

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
  fake.failTaxRecords(false);
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

describe("Stripe Tax records: reversals per refund, and the minute sweep", () => {
  type Reversal = { reference: string; original_transaction: string; line_items: { amount: number; amount_tax: number }[]; shipping_cost: { amount_tax: number } | null };
  const reversalsOf = (transactionId: string | null) => [...fake.taxReversals.values()].filter((r) => r.original_transaction === transactionId) as unknown as Reversal[];
  const transactionsFor = (orderNumber: string) => [...fake.taxTransactions.values()].filter((t) => (t as { reference: string }).reference === orderNumber);
  const reversedTax = (r: Reversal) => r.line_items.reduce((s, l) => s + l.amount_tax, 0) + (r.shipping_cost?.amount_tax ?? 0);
  const orderRow = async (orderNumber: string) => (await server.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0]!;
  const refundRows = async (orderId: string) => server.database.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.createdAt);

  /** Two shorts to San Francisco ($159.98 + $13.80 tax), paid. */
  async function paidOrder() {
    const started = (await shopper.post("/api/create-payment-intent", { ...details, address: sanFrancisco })).body;
    expect(started).toMatchObject({ tax: 13.8, total: 173.78 });
    const paid = await shopper.post(`/api/test-payments/${started.paymentIntentId}/confirm`, { clientSecret: started.clientSecret, ...card("4242424242424242") });
    expect(paid.status).toBe(200);
    const admin = await signedInAdmin(server);
    const itemId: number = (await admin.get(`/api/admin/orders/${started.orderNumber}`)).body.items[0].id;
    return { orderNumber: started.orderNumber as string, admin, itemId };
  }

  it("when Stripe refuses to record, the payment and refund go through, the tax is owed, and the sweep records it once healed", async () => {
    fake.failTaxRecords(true);
    const { orderNumber, admin, itemId } = await paidOrder();
    const owing = await orderRow(orderNumber);
    expect(owing).toMatchObject({ status: "paid", taxTransactionId: null, taxCalculationId: expect.stringMatching(/^taxcalc_/) });
    expect(transactionsFor(orderNumber)).toHaveLength(0);

    const refund = await admin.post(`/api/admin/orders/${orderNumber}/refunds`, { lines: [{ itemId, quantity: 1 }], reason: "Too small" });
    expect(refund.status).toBe(201);
    expect(refund.body.order.refunded).toBe(86.89);
    const [written] = await refundRows(owing.id);
    expect(written).toMatchObject({ status: "issued", taxReversalId: null });

    // Still refused: nothing is recorded, nothing is lost.
    await server.services.checkout.issueOwedRefunds();
    expect(await orderRow(orderNumber)).toMatchObject({ taxTransactionId: null });
    expect((await refundRows(owing.id))[0]!.taxReversalId).toBeNull();

    fake.failTaxRecords(false);
    expect(await server.services.checkout.issueOwedRefunds()).toBeGreaterThanOrEqual(2);
    const settled = await orderRow(orderNumber);
    expect(settled.taxTransactionId).toMatch(/^tax_/);
    expect(transactionsFor(orderNumber)).toHaveLength(1);
    const [reversed] = await refundRows(owing.id);
    expect(reversed!.taxReversalId).toMatch(/^tax_/);
    const reversals = reversalsOf(settled.taxTransactionId);
    expect(reversals.map((r) => r.reference)).toEqual([reversed!.id]);
    expect(reversedTax(reversals[0]!)).toBe(-690);

    // Settled: another sweep records nothing twice.
    await server.services.checkout.issueOwedRefunds();
    expect(transactionsFor(orderNumber)).toHaveLength(1);
    expect(reversalsOf(settled.taxTransactionId)).toHaveLength(1);
  });

  it("a reversal Stripe refuses after the transaction was recorded is owed on the refund, and the sweep reverses it", async () => {
    const { orderNumber, admin, itemId } = await paidOrder();
    const order = await orderRow(orderNumber);
    expect(order.taxTransactionId).toMatch(/^tax_/);
    fake.failTaxRecords(true);
    expect((await admin.post(`/api/admin/orders/${orderNumber}/refunds`, { lines: [{ itemId, quantity: 1 }], reason: "Too small" })).status).toBe(201);
    expect((await refundRows(order.id))[0]).toMatchObject({ status: "issued", taxReversalId: null });
    expect(reversalsOf(order.taxTransactionId)).toHaveLength(0);
    fake.failTaxRecords(false);
    expect(await server.services.checkout.issueOwedRefunds()).toBeGreaterThanOrEqual(1);
    const [refund] = await refundRows(order.id);
    expect(refund!.taxReversalId).toMatch(/^tax_/);
    expect(reversalsOf(order.taxTransactionId).map((r) => [r.reference, reversedTax(r)])).toEqual([[refund!.id, -690]]);
  });

  it("two partial refunds make two reversals that add up to the transaction's tax", async () => {
    const { orderNumber, admin, itemId } = await paidOrder();
    for (const reason of ["Too small", "Too big"]) expect((await admin.post(`/api/admin/orders/${orderNumber}/refunds`, { lines: [{ itemId, quantity: 1 }], reason })).status).toBe(201);
    const order = await orderRow(orderNumber);
    expect(order).toMatchObject({ status: "refunded", refundedCents: 17378 });
    const written = await refundRows(order.id);
    expect(written.map((r) => r.taxReversalId)).toEqual([expect.stringMatching(/^tax_/), expect.stringMatching(/^tax_/)]);
    const reversals = reversalsOf(order.taxTransactionId);
    expect(reversals.map((r) => r.reference).sort()).toEqual(written.map((r) => r.id).sort());
    expect(reversals.map(reversedTax).sort()).toEqual([-690, -690]);
  });

  it("an amount refunded alone reverses the tax's share of it", async () => {
    const { orderNumber, admin } = await paidOrder();
    expect((await admin.post(`/api/admin/orders/${orderNumber}/refunds`, { amountCents: 5000, reason: "Goodwill" })).status).toBe(201);
    const order = await orderRow(orderNumber);
    const [refund] = await refundRows(order.id);
    expect(refund!.taxReversalId).toMatch(/^tax_/);
    const [reversal] = reversalsOf(order.taxTransactionId);
    // $50.00 of $173.78: ⌊5000 × 1380 / 17378⌋ = $3.97 of tax, on ⌊15998 × 397 / 1380⌉ = $46.02 of the line.
    expect(reversal!.line_items).toEqual([expect.objectContaining({ amount: -4602, amount_tax: -397 })]);
    expect(reversal!.shipping_cost).toBeNull();
  });
});
