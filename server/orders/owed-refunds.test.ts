import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { orders } from "../db/schema";
import { createTestPaymentProvider } from "../payments/test-provider";
import { registerShopper } from "../test/accounts-helpers";
import { signedInAdmin } from "../test/admin-helpers";
import { createApiClient } from "../test/api-client";
import { card, details } from "../test/checkout-helpers";
import { startTestServer, type TestServer } from "../test/test-server";
import { REFUND_RETRY_MS } from "./owed-refunds";

/** The test provider, with a refund call that fails while `down` is set (a provider outage or a killed process). */
const refunds = { calls: [] as string[], down: false };
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    payments: (deps) => {
      const provider = createTestPaymentProvider(deps);
      return {
        ...provider,
        async refundPaymentIntent(id: string) {
          refunds.calls.push(id);
          if (refunds.down) throw new Error("provider unavailable");
          await provider.refundPaymentIntent(id);
        },
      };
    },
  });
});
afterAll(() => server?.close());

async function canceledPaidOrder() {
  const shopper = createApiClient(server.url);
  await registerShopper(shopper);
  await shopper.post("/api/cart/items", { productId: 3, quantity: 1, size: "M" });
  const started = await shopper.post("/api/create-payment-intent", details);
  await shopper.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") });
  const admin = await signedInAdmin(server);
  const canceled = await admin.post(`/api/admin/orders/${started.body.orderNumber}/status`, { status: "canceled" });
  expect(canceled.body.order.status).toBe("canceled");
  return started.body.paymentIntentId as string;
}

const refundIssuedAt = async (paymentIntentId: string) =>
  (await server.database.db.select({ at: orders.refundIssuedAt }).from(orders).where(eq(orders.paymentIntentId, paymentIntentId)))[0]!.at;

it("notes a refund the provider confirmed, and the sweep leaves it alone", async () => {
  refunds.down = false;
  const paymentIntentId = await canceledPaidOrder();
  expect(await refundIssuedAt(paymentIntentId)).toBeInstanceOf(Date);
  refunds.calls.length = 0;
  server.clock.now = new Date(server.clock.now.getTime() + 2 * REFUND_RETRY_MS);
  expect(await server.services.checkout.issueOwedRefunds()).toBe(0);
  expect(refunds.calls).toEqual([]);
});

it("retries a refund that failed after the order was canceled, once the provider answers, and only once", async () => {
  refunds.down = true;
  const paymentIntentId = await canceledPaidOrder();
  expect(refunds.calls).toContain(paymentIntentId);
  expect(await refundIssuedAt(paymentIntentId)).toBeNull();

  // Within the retry delay the sweep waits (the refund may still be in flight); after it, a failure is retried later.
  expect(await server.services.checkout.issueOwedRefunds()).toBe(0);
  server.clock.now = new Date(server.clock.now.getTime() + 2 * REFUND_RETRY_MS);
  expect(await server.services.checkout.issueOwedRefunds()).toBe(0);
  expect(await refundIssuedAt(paymentIntentId)).toBeNull();

  refunds.down = false;
  expect(await server.services.checkout.issueOwedRefunds()).toBe(1);
  expect(await refundIssuedAt(paymentIntentId)).toBeInstanceOf(Date);
  refunds.calls.length = 0;
  expect(await server.services.checkout.issueOwedRefunds()).toBe(0);
  expect(refunds.calls).toEqual([]);
});
