import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { createApiClient } from "../test/api-client";
import { card, checkoutWith, closeOpenOrders, orderFor, setVariantStock } from "../test/checkout-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
beforeEach(async () => {
  server.mailer.sent.length = 0;
  server.clock.now = new Date();
  await closeOpenOrders(server.database.db);
  await setVariantStock(server.database.db, 2, "Black", "M", 5);
});

async function buy() {
  const shopper = createApiClient(server.url);
  const started = await checkoutWith(shopper, { productId: 2, quantity: 1, size: "M", color: "Black" });
  const paid = await shopper.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") });
  expect(paid.status).toBe(200);
  return orderFor(server.database.db, started.body.paymentIntentId);
}

const later = (minutes: number) => (server.clock.now = new Date(Date.now() + minutes * 60_000));

it("a confirmation the mail server refused goes out once, at the first sweep after the 15-minute claim", async () => {
  const send = server.mailer.send;
  server.mailer.send = () => Promise.reject(new Error("SMTP unavailable"));
  const order = await buy().finally(() => (server.mailer.send = send));
  expect(order).toMatchObject({ status: "paid", confirmationSentAt: null });
  expect(server.mailer.sent).toEqual([]);

  expect(await server.services.checkout.sendOwedConfirmations()).toBe(0);
  later(14);
  expect(await server.services.checkout.sendOwedConfirmations()).toBe(0);
  later(16);
  const sweeps = await Promise.all([server.services.checkout.sendOwedConfirmations(), server.services.checkout.sendOwedConfirmations()]);
  expect(sweeps.reduce((a, b) => a + b)).toBe(1);
  expect(server.mailer.sent.map((m) => m.subject)).toEqual([`Your VSOP Apparel order ${order.orderNumber} is confirmed`]);
  later(40);
  expect(await server.services.checkout.sendOwedConfirmations()).toBe(0);
});

it("a confirmation that was sent is never sent again, and one owed for over a day is given up", async () => {
  await buy();
  later(20);
  expect(await server.services.checkout.sendOwedConfirmations()).toBe(0);
  expect(server.mailer.sent).toHaveLength(1);

  const send = server.mailer.send;
  server.mailer.send = () => Promise.reject(new Error("SMTP unavailable"));
  server.clock.now = new Date();
  await buy().finally(() => (server.mailer.send = send));
  later(25 * 60);
  expect(await server.services.checkout.sendOwedConfirmations()).toBe(0);
});
