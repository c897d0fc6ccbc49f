import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, testPaymentIntents } from "../db/schema";
import { createTestPaymentProvider } from "../payments/test-provider";
import { createApiClient } from "../test/api-client";
import { registerShopper } from "../test/accounts-helpers";
import { signedInAdmin } from "../test/admin-helpers";
import { card, details, setVariantStock, variantStock } from "../test/checkout-helpers";
import { startTestServer, type TestServer } from "../test/test-server";
import { REFUND_RETRY_MS } from "./owed-refunds";

/** The test provider, with partial refunds that fail while `down` is set (an outage, or a killed process). */
const provider = { calls: [] as string[], down: false };
let server: TestServer;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  server = await startTestServer({
    payments: (deps) => {
      const real = createTestPaymentProvider(deps);
      return {
        ...real,
        async refundPayment(args: { intentId: string; amountCents: number; refundId: string }) {
          provider.calls.push(args.refundId);
          if (provider.down) throw new Error("provider unavailable");
          await real.refundPayment(args);
        },
      };
    },
  });
  admin = await signedInAdmin(server);
  await setVariantStock(server.database.db, 3, "Black", "M", 200);
});
afterAll(() => server?.close());

/** A paid order of two VSOP shorts ($79.99 each): 159.98 + 12.80 tax = 172.78. */
async function paidOrder() {
  const shopper = createApiClient(server.url);
  await shopper.post("/api/cart/items", { productId: 3, quantity: 2, size: "M" });
  const started = await shopper.post("/api/create-payment-intent", details);
  await shopper.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") });
  const order = (await admin.get(`/api/admin/orders/${started.body.orderNumber}`)).body;
  return { orderNumber: started.body.orderNumber as string, intentId: started.body.paymentIntentId as string, itemId: order.items[0].id as number };
}
const refund = (orderNumber: string, body: unknown) => admin.post(`/api/admin/orders/${orderNumber}/refunds`, body);
const refundedAtProvider = async (intentId: string) => (await server.database.db.select({ cents: testPaymentIntents.refundedCents }).from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId)))[0]!.cents;

describe("staff refunds", () => {
  it("by line: its price and tax come back, optionally restocked; the last line refunds exactly what is left and the order becomes refunded", async () => {
    const { orderNumber, intentId, itemId } = await paidOrder();
    const stockBefore = await variantStock(server.database.db, 3, "Black", "M");
    server.mailer.sent.length = 0;
    const first = await refund(orderNumber, { lines: [{ itemId, quantity: 1 }], reason: "Arrived with a torn seam", restock: true });
    expect(first.status).toBe(201);
    expect(first.body.order).toMatchObject({ status: "paid", refunded: 86.39 });
    expect(first.body.items[0]).toMatchObject({ quantity: 2, refundedQuantity: 1 });
    expect(first.body.refunds).toEqual([expect.objectContaining({ amount: 86.39, reason: "Arrived with a torn seam", status: "issued", actor: expect.stringMatching(/^staff:/) })]);
    expect(first.body.history.at(-1)).toMatchObject({ to: "paid", note: "Refunded $86.39: Arrived with a torn seam" });
    expect(first.body.refundable).toBe(86.39);
    expect(await variantStock(server.database.db, 3, "Black", "M")).toEqual({ onHand: stockBefore.onHand + 1, reserved: 0 });
    expect(await refundedAtProvider(intentId)).toBe(86_39);
    expect(server.mailer.sent).toEqual([expect.objectContaining({ to: details.email, subject: `A refund of $86.39 for order ${orderNumber}` })]);

    const last = await refund(orderNumber, { lines: [{ itemId, quantity: 1 }], reason: "Changed their mind" });
    expect(last.body.order).toMatchObject({ status: "refunded", refunded: 172.78 });
    expect(await refundedAtProvider(intentId)).toBe(172_78);
    expect((await refund(orderNumber, { lines: [{ itemId, quantity: 1 }], reason: "Again" })).body.message).toBe("Only 0 of VSOP Premium Shorts (Black, M) can still be refunded");
    expect((await refund(orderNumber, { amountCents: 100, reason: "Again" })).body.message).toBe(`Order ${orderNumber} is already refunded in full`);
  });

  it("by amount: never more than what is left, even with 30 refunds at once", async () => {
    const { orderNumber, intentId } = await paidOrder();
    expect((await refund(orderNumber, { amountCents: 172_79, reason: "Too much" })).body.message).toBe(`Only $172.78 of order ${orderNumber} can still be refunded`);
    const answers = await Promise.all(Array.from({ length: 30 }, () => refund(orderNumber, { amountCents: 10_00, reason: "Goodwill credit" })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(17);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.message)).toEqual(Array(13).fill(`Only $2.78 of order ${orderNumber} can still be refunded`));
    const [row] = await server.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(row).toMatchObject({ refundedCents: 170_00, status: "paid" });
    expect(await refundedAtProvider(intentId)).toBe(170_00);
  });

  it("a refund the provider failed stays owed, and the minute sweep issues it once", async () => {
    const { orderNumber, intentId } = await paidOrder();
    provider.down = true;
    const res = await refund(orderNumber, { amountCents: 20_00, reason: "Late delivery" });
    expect(res.status).toBe(201);
    expect(res.body.refunds[0]).toMatchObject({ status: "pending" });
    expect(await refundedAtProvider(intentId)).toBe(0);
    provider.down = false;
    expect(await server.services.checkout.issueOwedRefunds()).toBe(0); // not yet: it may still be in flight
    server.clock.now = new Date(server.clock.now.getTime() + 2 * REFUND_RETRY_MS);
    expect(await server.services.checkout.issueOwedRefunds()).toBe(1);
    expect(await server.services.checkout.issueOwedRefunds()).toBe(0);
    expect(await refundedAtProvider(intentId)).toBe(20_00);
    expect((await admin.get(`/api/admin/orders/${orderNumber}`)).body.refunds[0]).toMatchObject({ status: "issued" });
  });

  it("refuses bad input with nothing changed; an unpaid order has nothing to refund; staff only", async () => {
    const { orderNumber, itemId } = await paidOrder();
    const cases: [unknown, string][] = [
      [{ reason: "No amount" }, "Invalid refund: refund either lines or an amount"],
      [{ amountCents: 100, lines: [{ itemId, quantity: 1 }], reason: "Both" }, "Invalid refund: refund either lines or an amount"],
      [{ amountCents: 10.5, reason: "Cents" }, "Invalid refund: amountCents: must be a whole number of cents"],
      [{ amountCents: 100, reason: "" }, "Invalid refund: reason: say why, for the order's history"],
      [{ amountCents: 100, reason: "Restock", restock: true }, "Invalid refund: restock: only refunded lines can be restocked"],
      [{ lines: [{ itemId, quantity: 3 }], reason: "Too many" }, "Only 2 of VSOP Premium Shorts (Black, M) can still be refunded"],
      [{ lines: [{ itemId: itemId + 100_000, quantity: 1 }], reason: "Other line" }, `Order ${orderNumber} has no line ${itemId + 100_000}`],
    ];
    for (const [body, message] of cases) expect((await refund(orderNumber, body)).body.message).toBe(message);
    expect((await admin.get(`/api/admin/orders/${orderNumber}`)).body.order.refunded).toBe(0);
    const unpaid = createApiClient(server.url);
    await unpaid.post("/api/cart/items", { productId: 3, quantity: 1, size: "M" });
    const pending = await unpaid.post("/api/create-payment-intent", details);
    expect((await refund(pending.body.orderNumber, { amountCents: 100, reason: "Unpaid" })).body.message).toBe(`Order ${pending.body.orderNumber} has no payment to refund`);
    expect((await createApiClient(server.url).post(`/api/admin/orders/${orderNumber}/refunds`, { amountCents: 100, reason: "Visitor" })).status).toBe(401);
    const customer = createApiClient(server.url);
    await registerShopper(customer);
    expect((await customer.post(`/api/admin/orders/${orderNumber}/refunds`, { amountCents: 100, reason: "Customer" })).status).toBe(403);
  });
});
