import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drops, orderEdits, orders, refunds, testPaymentIntents, variants } from "../db/schema";
import { createApiClient } from "../test/api-client";
import { registerShopper } from "../test/accounts-helpers";
import { signedInAdmin, signedInStaff } from "../test/admin-helpers";
import { card, details, setVariantStock, variantStock } from "../test/checkout-helpers";
import { pricingRules } from "../test/pricing-rules-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

/** Product 4 is the Essential Crew Tee ($24.99; Black, White, Gray, Navy; XS-XXL), product 5 the Heavyweight Pocket Tee ($32). */
const TEE = 4;
let server: TestServer;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  // The job queue too (unscheduled): the expiry test queues its job.
  server = await startTestServer({ jobs: {} });
  admin = await signedInAdmin(server);
  for (const size of ["S", "M", "L", "XL"]) await setVariantStock(server.database.db, TEE, "Black", size, 50);
  await setVariantStock(server.database.db, 5, "White", "M", 50);
});
afterAll(() => server?.close());

const db = () => server.database.db;
async function variantId(productId: number, color: string, size: string) {
  const [row] = await db().select({ id: variants.id }).from(variants).where(and(eq(variants.productId, productId), eq(variants.color, color), eq(variants.size, size)));
  return row!.id;
}

/** A paid order of `quantity` Black tees in `size`, by a guest (or the given shopper). */
async function paidOrder({ size = "L", quantity = 1, shopper = createApiClient(server.url) } = {}) {
  await shopper.post("/api/cart/items", { productId: TEE, quantity, size, color: "Black" });
  const started = await shopper.post("/api/create-payment-intent", details);
  expect(started.status).toBe(200);
  await shopper.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") });
  const order = (await admin.get(`/api/admin/orders/${started.body.orderNumber}`)).body;
  expect(order.order.status).toBe("paid");
  return { orderNumber: started.body.orderNumber as string, intentId: started.body.paymentIntentId as string, lineId: order.items[0].id as number, total: order.order.totalAmount as number };
}
const edit = (orderNumber: string, body: unknown, query = "") => admin.post(`/api/admin/orders/${orderNumber}/edits${query}`, body);
const cents = (dollars: number) => Math.round(dollars * 100);
const tokenOf = (url: string) => url.split("/orders/pay/")[1]!;

describe("order edits: the difference settled", () => {
  it("previews a size swap without changing anything, then applies it at once ($0): stock moves, history and email say so", async () => {
    const { orderNumber, lineId, total } = await paidOrder();
    const m = await variantId(TEE, "Black", "M");
    const [lBefore, mBefore] = [await variantStock(db(), TEE, "Black", "L"), await variantStock(db(), TEE, "Black", "M")];

    const preview = await edit(orderNumber, { changes: [{ type: "swap", lineId, variantId: m }], notify: true }, "?preview=1");
    expect(preview.status).toBe(200);
    expect(preview.body.edit).toEqual({ id: null, status: "applied", differenceCents: 0, changes: ["Essential Crew Tee: size L → M"] });
    expect(preview.body.order.items).toEqual([expect.objectContaining({ id: lineId, size: "M", quantity: 1 })]);
    expect(preview.body.order.order.totalAmount).toBe(total);
    expect(await variantStock(db(), TEE, "Black", "M")).toEqual(mBefore);
    expect((await admin.get(`/api/admin/orders/${orderNumber}`)).body.items[0].size).toBe("L");

    server.mailer.sent.length = 0;
    const applied = await edit(orderNumber, { changes: [{ type: "swap", lineId, variantId: m }], notify: true });
    expect(applied.status).toBe(201);
    expect(applied.body.edit).toEqual({ id: expect.any(String), status: "applied", differenceCents: 0, changes: ["Essential Crew Tee: size L → M"] });
    expect(applied.body.edit.paymentUrl).toBeUndefined();
    expect(applied.body.order.items).toEqual([expect.objectContaining({ id: lineId, size: "M", color: "Black", quantity: 1 })]);
    expect(applied.body.order.order).toMatchObject({ status: "paid", totalAmount: total, refunded: 0 });
    expect(applied.body.order.edits).toEqual([expect.objectContaining({ status: "applied", changes: ["Essential Crew Tee: size L → M"], differenceCents: 0, by: "Jordan Lee", at: expect.any(String) })]);
    expect(applied.body.order.history.at(-1)).toMatchObject({ actor: expect.stringMatching(/^staff:/), note: "Edited by Jordan Lee: Essential Crew Tee: size L → M; nothing to pay" });
    expect(await variantStock(db(), TEE, "Black", "L")).toEqual({ onHand: lBefore.onHand + 1, reserved: 0 });
    expect(await variantStock(db(), TEE, "Black", "M")).toEqual({ onHand: mBefore.onHand - 1, reserved: 0 });
    expect(server.mailer.sent).toEqual([expect.objectContaining({ to: details.email, subject: `Order ${orderNumber} has been changed` })]);
    expect(server.mailer.sent[0]!.text).toContain("Essential Crew Tee: size L → M");
    expect(server.mailer.sent[0]!.text).toContain("the difference is $0.00, so there is nothing to pay");
  });

  it("refunds a lower total through the provider, in part, and keeps what is left refundable", async () => {
    const { orderNumber, intentId, lineId, total } = await paidOrder({ quantity: 2 });
    const res = await edit(orderNumber, { changes: [{ type: "quantity", lineId, quantity: 1 }], notify: false });
    expect(res.status).toBe(201);
    const newTotal = res.body.order.order.totalAmount as number;
    expect(newTotal).toBeLessThan(total);
    expect(res.body.edit).toMatchObject({ status: "applied", differenceCents: cents(newTotal) - cents(total) });
    expect(res.body.order.refunds).toEqual([expect.objectContaining({ amount: (cents(total) - cents(newTotal)) / 100, status: "issued", reason: "Order edited: Essential Crew Tee (Black, size L): quantity 2 → 1" })]);
    expect(res.body.order.refundable).toBe(newTotal);
    const [intent] = await db().select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId));
    expect(intent!.refundedCents).toBe(cents(total) - cents(newTotal));
    const [order] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(order).toMatchObject({ totalCents: cents(newTotal), refundedCents: 0 });
    const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, order!.id));
    expect(refund!.orderEditId).toBe(res.body.edit.id);
  });

  it("holds a higher total for the shopper's payment: a declined card leaves the order as it was, a paid one applies the edit once", async () => {
    const { orderNumber, lineId, total } = await paidOrder();
    const pocketTee = await variantId(5, "White", "M");
    const before = await variantStock(db(), 5, "White", "M");
    server.mailer.sent.length = 0;
    const res = await edit(orderNumber, { changes: [{ type: "add", variantId: pocketTee, quantity: 2 }], notify: true });
    expect(res.status).toBe(201);
    expect(res.body.edit).toMatchObject({ status: "awaiting_payment", differenceCents: expect.any(Number), paymentUrl: expect.stringMatching(/^http:\/\/store\.test\/orders\/pay\/[A-Za-z0-9_-]{43}$/) });
    const difference = res.body.edit.differenceCents as number;
    expect(difference).toBeGreaterThan(6400);
    // The order is unchanged; the two new units are held.
    expect(res.body.order.items).toEqual([expect.objectContaining({ id: lineId, quantity: 1 })]);
    expect(res.body.order.order.totalAmount).toBe(total);
    expect(res.body.order.edits).toEqual([expect.objectContaining({ status: "awaiting_payment", differenceCents: difference })]);
    expect(await variantStock(db(), 5, "White", "M")).toEqual({ onHand: before.onHand, reserved: before.reserved + 2 });
    expect(server.mailer.sent).toEqual([expect.objectContaining({ subject: `Pay $${(difference / 100).toFixed(2)} to change order ${orderNumber}` })]);
    expect(server.mailer.sent[0]!.text).toContain(res.body.edit.paymentUrl);
    // Only the token's hash is kept.
    const [row] = await db().select().from(orderEdits).where(eq(orderEdits.id, res.body.edit.id));
    expect(row!.tokenHash).not.toContain(tokenOf(res.body.edit.paymentUrl));

    const page = await server.services.orderEdits.getEditPayment({ token: tokenOf(res.body.edit.paymentUrl) });
    expect(page).toMatchObject({ orderNumber, status: "awaiting_payment", differenceCents: difference, changes: ["Added 2 × Heavyweight Pocket Tee (White, size M)"], payment: { provider: "test" } });
    const pay = (number: string) => createApiClient(server.url).post(`/api/test-payments/${page.payment!.paymentIntentId}/confirm`, { clientSecret: page.payment!.clientSecret, ...card(number) });
    expect((await pay("4000000000000002")).status).toBe(402);
    expect((await admin.get(`/api/admin/orders/${orderNumber}`)).body).toMatchObject({ items: [expect.objectContaining({ quantity: 1 })], edits: [expect.objectContaining({ status: "awaiting_payment", paymentError: expect.any(String) })] });
    expect((await server.services.orderEdits.getEditPayment({ token: tokenOf(res.body.edit.paymentUrl) })).paymentError).toMatch(/declined/);

    expect((await pay("4242424242424242")).status).toBe(200);
    const after = (await admin.get(`/api/admin/orders/${orderNumber}`)).body;
    expect(after.items).toEqual([expect.objectContaining({ id: lineId, quantity: 1 }), expect.objectContaining({ size: "M", color: "White", quantity: 2, price: 32 })]);
    expect(cents(after.order.totalAmount)).toBe(cents(total) + difference);
    expect(after.edits).toEqual([expect.objectContaining({ status: "applied" })]);
    expect(await variantStock(db(), 5, "White", "M")).toEqual({ onHand: before.onHand - 2, reserved: before.reserved });
    expect(server.mailer.sent.at(-1)).toMatchObject({ subject: `Order ${orderNumber} has been changed` });
    expect(server.mailer.sent.at(-1)!.text).toContain(`Thank you for paying the difference of $${(difference / 100).toFixed(2)}`);
    // The same event again changes nothing.
    await server.services.checkout.handlePaymentEvent({ event: { id: "evt_again", type: "payment_intent.succeeded", intentId: page.payment!.paymentIntentId, amountCents: difference } });
    await server.services.checkout.handlePaymentEvent({ event: { id: "evt_again_2", type: "payment_intent.succeeded", intentId: page.payment!.paymentIntentId, amountCents: difference } });
    expect(await variantStock(db(), 5, "White", "M")).toEqual({ onHand: before.onHand - 2, reserved: before.reserved });
    expect((await server.services.orderEdits.getEditPayment({ token: tokenOf(res.body.edit.paymentUrl) })).status).toBe("applied");
  });

  it("applies a paid edit whose event never came when the shopper's link is opened, once", async () => {
    const { orderNumber, total } = await paidOrder();
    const pocketTee = await variantId(5, "White", "M");
    const before = await variantStock(db(), 5, "White", "M");
    const res = await edit(orderNumber, { changes: [{ type: "add", variantId: pocketTee, quantity: 1 }], notify: false });
    const [row] = await db().select().from(orderEdits).where(eq(orderEdits.id, res.body.edit.id));
    // Paid at the provider, but its event is lost (a webhook that never arrives).
    await db().update(testPaymentIntents).set({ status: "succeeded" }).where(eq(testPaymentIntents.id, row!.paymentIntentId!));
    const page = await server.services.orderEdits.getEditPayment({ token: tokenOf(res.body.edit.paymentUrl) });
    expect(page).toMatchObject({ status: "applied", payment: null });
    expect(cents((await admin.get(`/api/admin/orders/${orderNumber}`)).body.order.totalAmount)).toBe(cents(total) + res.body.edit.differenceCents);
    await server.services.checkout.handlePaymentEvent({ event: { id: "evt_late_edit", type: "payment_intent.succeeded", intentId: row!.paymentIntentId!, amountCents: res.body.edit.differenceCents } });
    expect(await variantStock(db(), 5, "White", "M")).toEqual({ onHand: before.onHand - 1, reserved: before.reserved });
  });

  it("lets an unpaid edit lapse after 72 hours (the expire-order-edits job): its held units go back, the order stays as it was", async () => {
    const { orderNumber, total } = await paidOrder();
    const pocketTee = await variantId(5, "White", "M");
    const before = await variantStock(db(), 5, "White", "M");
    const res = await edit(orderNumber, { changes: [{ type: "add", variantId: pocketTee, quantity: 1 }], notify: false });
    expect(await variantStock(db(), 5, "White", "M")).toEqual({ onHand: before.onHand, reserved: before.reserved + 1 });
    expect(await server.services.orderEdits.expireEdits()).toBe(0);
    server.clock.now = new Date(server.clock.now.getTime() + 72 * 3_600_000 + 60_000);
    try {
      await server.jobs!.enqueue("expire-order-edits");
      await expect.poll(async () => (await db().select({ status: orderEdits.status }).from(orderEdits).where(eq(orderEdits.id, res.body.edit.id)))[0]!.status, { timeout: 15_000 }).toBe("expired");
    } finally {
      server.clock.now = new Date();
    }
    expect(await variantStock(db(), 5, "White", "M")).toEqual(before);
    const order = (await admin.get(`/api/admin/orders/${orderNumber}`)).body;
    expect(order.order.totalAmount).toBe(total);
    expect(order.edits).toEqual([expect.objectContaining({ status: "expired" })]);
    const page = await server.services.orderEdits.getEditPayment({ token: tokenOf(res.body.edit.paymentUrl) });
    expect(page).toMatchObject({ status: "expired", payment: null });
    // Its payment is canceled at the provider; a new edit may be made.
    expect((await edit(orderNumber, { changes: [{ type: "add", variantId: pocketTee, quantity: 1 }], notify: false }, "?preview=1")).status).toBe(200);
  });

  it("refunds an order whose difference was paid from both payments, the checkout's first; canceling refunds both", async () => {
    const paidEdit = async () => {
      const order = await paidOrder();
      const res = await edit(order.orderNumber, { changes: [{ type: "add", variantId: await variantId(5, "White", "M"), quantity: 1 }], notify: false });
      const page = await server.services.orderEdits.getEditPayment({ token: tokenOf(res.body.edit.paymentUrl) });
      await createApiClient(server.url).post(`/api/test-payments/${page.payment!.paymentIntentId}/confirm`, { clientSecret: page.payment!.clientSecret, ...card("4242424242424242") });
      return { ...order, editIntentId: page.payment!.paymentIntentId, difference: res.body.edit.differenceCents as number };
    };
    const intent = async (id: string) => (await db().select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id)))[0]!;

    const refunded = await paidEdit();
    const first = await admin.post(`/api/admin/orders/${refunded.orderNumber}/refunds`, { amountCents: 1000, reason: "Goodwill" });
    expect(first.status).toBe(201);
    expect((await intent(refunded.intentId)).refundedCents).toBe(1000);
    const rest = cents(refunded.total) + refunded.difference - 1000;
    expect((await admin.post(`/api/admin/orders/${refunded.orderNumber}/refunds`, { amountCents: rest, reason: "Changed their mind" })).body.order.status).toBe("refunded");
    expect((await intent(refunded.intentId)).refundedCents).toBe(cents(refunded.total));
    expect((await intent(refunded.editIntentId)).refundedCents).toBe(refunded.difference);
    // Each refund keeps its parts, so a retry sends the same ones.
    const [order] = await db().select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, refunded.orderNumber));
    const parts = (await db().select({ amountCents: refunds.amountCents, cardParts: refunds.cardParts }).from(refunds).where(eq(refunds.orderId, order!.id))).find((r) => r.amountCents === rest)!.cardParts;
    expect(parts).toEqual([
      { intentId: refunded.intentId, amountCents: cents(refunded.total) - 1000, refundId: expect.any(String) },
      { intentId: refunded.editIntentId, amountCents: refunded.difference, refundId: expect.stringMatching(/-[0-9a-f]{8}$/) },
    ]);

    const canceled = await paidEdit();
    expect((await admin.post(`/api/admin/orders/${canceled.orderNumber}/status`, { status: "canceled" })).status).toBe(200);
    expect((await intent(canceled.intentId)).lastError).toBe("Refunded");
    expect((await intent(canceled.editIntentId)).lastError).toBe("Refunded");
  });

  it("shows the shopper each edit and who made it, on the order page and in the order history", async () => {
    const shopper = createApiClient(server.url);
    await registerShopper(shopper);
    const { orderNumber, lineId } = await paidOrder({ shopper });
    await edit(orderNumber, { changes: [{ type: "swap", lineId, variantId: await variantId(TEE, "Black", "S") }], notify: false });
    const note = { status: "applied", changes: ["Essential Crew Tee: size L → S"], by: "Jordan Lee", differenceCents: 0, at: expect.any(String) };
    const detail = (await shopper.get(`/api/account/orders/${orderNumber}`)).body;
    expect(detail.items).toEqual([expect.objectContaining({ size: "S" })]);
    expect(detail.edits).toEqual([note]);
    const history = (await shopper.get("/api/account/orders")).body;
    const listed = (Array.isArray(history) ? history : history.orders) as { orderNumber: string; edits: unknown[] }[];
    expect(listed.find((o) => o.orderNumber === orderNumber)!.edits).toEqual([note]);
  });
});

describe("order edits: the guest's order lookup", () => {
  it("shows a guest each edit, naming a new address only as changed", async () => {
    const { orderNumber } = await paidOrder();
    const address = { name: "Sam Rivera", line1: "9 Harbor Road", city: "Seattle", region: "WA", postalCode: "98101", country: "US" };
    const res = await edit(orderNumber, { changes: [{ type: "address", address }], notify: false });
    expect(res.status).toBe(201);
    expect(res.body.edit.changes).toEqual(["Ships to Sam Rivera, 9 Harbor Road, Seattle, WA 98101, US"]);
    expect(res.body.order.shipping).toMatchObject({ line1: "9 Harbor Road", city: "Seattle", region: "WA" });
    const found = await createApiClient(server.url).post("/api/orders/lookup", { orderNumber, email: details.email });
    expect(found.status).toBe(200);
    expect(found.body.edits).toEqual([{ status: "applied", changes: ["Shipping address changed"], differenceCents: res.body.edit.differenceCents, by: "Jordan Lee", at: expect.any(String) }]);
    expect(JSON.stringify(found.body)).not.toContain("Harbor");
  });
});

describe("order edits: refusals", () => {
  it("refuses a shipped order, an unavailable variant (naming it) and a second edit while one waits for payment, with 409s", async () => {
    const shipped = await paidOrder();
    await admin.post(`/api/admin/orders/${shipped.orderNumber}/status`, { status: "processing" });
    const ship = await admin.post(`/api/admin/orders/${shipped.orderNumber}/status`, { status: "shipped", shipment: { carrier: "UPS", trackingNumber: "1Z999AA10123456784" } });
    expect(ship.status, ship.text).toBe(200);
    const m = await variantId(TEE, "Black", "M");
    const refused = await edit(shipped.orderNumber, { changes: [{ type: "swap", lineId: shipped.lineId, variantId: m }] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Order ${shipped.orderNumber} has shipped: it can't be edited`);

    const { orderNumber, lineId } = await paidOrder();
    await setVariantStock(db(), TEE, "Navy", "L", 0);
    const soldOut = await edit(orderNumber, { changes: [{ type: "swap", lineId, variantId: await variantId(TEE, "Navy", "L") }] });
    expect(soldOut.status).toBe(409);
    expect(soldOut.body.message).toBe("Essential Crew Tee (Navy, size L) is sold out");
    await setVariantStock(db(), TEE, "Navy", "M", 1);
    const few = await edit(orderNumber, { changes: [{ type: "add", variantId: await variantId(TEE, "Navy", "M"), quantity: 2 }] });
    expect(few).toMatchObject({ status: 409, body: { message: "Only 1 left of Essential Crew Tee (Navy, size M)" } });

    const waiting = await edit(orderNumber, { changes: [{ type: "add", variantId: await variantId(5, "White", "M"), quantity: 1 }], notify: false });
    expect(waiting.body.edit.status).toBe("awaiting_payment");
    const second = await edit(orderNumber, { changes: [{ type: "swap", lineId, variantId: m }] });
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/has an edit waiting for the shopper's payment/);
    expect((await admin.get(`/api/admin/orders/${orderNumber}`)).body.items).toEqual([expect.objectContaining({ size: "L" })]);
  });

  it("answers bad input with a 400 naming what is wrong, and changes nothing", async () => {
    const { orderNumber, lineId } = await paidOrder();
    const m = await variantId(TEE, "Black", "M");
    const bad: [unknown, RegExp][] = [
      [{}, /changes/],
      [{ changes: [] }, /at least one change/],
      [{ changes: [{ type: "resize", lineId }] }, /type must be swap, quantity, add, remove or address/],
      [{ changes: [{ type: "swap", lineId }] }, /variantId/],
      [{ changes: [{ type: "quantity", lineId, quantity: 0 }] }, /quantity must be at least 1/],
      [{ changes: [{ type: "quantity", lineId, quantity: 100 }] }, /quantity must be at most 99/],
      [{ changes: [{ type: "add", variantId: m, quantity: 1, price: 1 }] }, /price/],
      [{ changes: [{ type: "swap", lineId, variantId: m }], notify: "yes" }, /notify must be true or false/],
      [{ changes: [{ type: "address", address: { line1: "", city: "Portland", region: "OR", postalCode: "97205", country: "US" } }] }, /Address is required/],
      [{ changes: [{ type: "remove", lineId }] }, /at least one line/],
      [{ changes: [{ type: "swap", lineId: 999999, variantId: m }] }, /has no line 999999/],
      [{ changes: [{ type: "swap", lineId, variantId: 99999999 }] }, /There is no variant 99999999/],
      [{ changes: [{ type: "swap", lineId, variantId: await variantId(5, "White", "M") }] }, /remove the line and add the other one/],
      [{ changes: [{ type: "address", address: { line1: "1 Main St", city: "Nowhere", region: "Atlantis", postalCode: "97205", country: "US" } }] }, /We don't know the state "Atlantis"/],
    ];
    for (const [body, message] of bad) {
      const res = await edit(orderNumber, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toMatch(message);
    }
    expect((await edit(orderNumber, { changes: [{ type: "swap", lineId, variantId: m }] }, "?preview=2")).status).toBe(400);
    expect((await edit("VS-1", { changes: [{ type: "swap", lineId, variantId: m }] })).status).toBe(404);
    expect((await edit("not-an-order", { changes: [{ type: "swap", lineId, variantId: m }] })).status).toBe(400);
    const order = (await admin.get(`/api/admin/orders/${orderNumber}`)).body;
    expect(order.items).toEqual([expect.objectContaining({ size: "L", quantity: 1 })]);
    expect(order.edits).toEqual([]);
  });

  it("is for the Owner, the Manager and Fulfilment (orders.edit), not a Content editor", async () => {
    const { orderNumber, lineId } = await paidOrder();
    const m = await variantId(TEE, "Black", "M");
    for (const role of ["manager", "fulfilment"] as const) {
      const staff = await signedInStaff(server, role);
      expect((await staff.client.post(`/api/admin/orders/${orderNumber}/edits?preview=1`, { changes: [{ type: "swap", lineId, variantId: m }] })).status).toBe(200);
    }
    const editor = await signedInStaff(server, "content_editor");
    expect((await editor.client.post(`/api/admin/orders/${orderNumber}/edits`, { changes: [{ type: "swap", lineId, variantId: m }] })).status).toBe(403);
  });

  it("gives the last unit to one of two edits made at once; the other gets a 409 and changes nothing", async () => {
    const a = await paidOrder();
    const b = await paidOrder();
    await setVariantStock(db(), TEE, "Gray", "L", 1);
    const gray = await variantId(TEE, "Gray", "L");
    const results = await Promise.all([a, b].map((o) => edit(o.orderNumber, { changes: [{ type: "swap", lineId: o.lineId, variantId: gray }], notify: false })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe("Essential Crew Tee (Gray, size L) is sold out");
    expect(await variantStock(db(), TEE, "Gray", "L")).toEqual({ onHand: 0, reserved: 0 });
    const loser = [a, b][results.findIndex((r) => r.status === 409)]!;
    expect((await admin.get(`/api/admin/orders/${loser.orderNumber}`)).body.items).toEqual([expect.objectContaining({ color: "Black", size: "L" })]);
  });

  it("keeps a drop's per-customer limit: more of a limited piece than the drop allows is a 409", async () => {
    const hour = 3_600_000;
    const at = new Date(Date.now() - hour);
    await db().update(drops).set({ perProductLimit: 2, perDropLimit: null, announceAt: at, opensAt: at, earlyAccessAt: null }).where(eq(drops.slug, "vsop"));
    server.services.catalogChanges.receive({ all: true });
    for (const size of ["M", "L"]) await setVariantStock(db(), 2, "Black", size, 100);
    try {
      const shopper = createApiClient(server.url);
      await shopper.post("/api/cart/items", { productId: 2, quantity: 1, size: "M", color: "Black" });
      const started = await shopper.post("/api/create-payment-intent", { ...details, email: "drop.limit@example.com" });
      expect(started.status, started.text).toBe(200);
      await shopper.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") });
      const order = (await admin.get(`/api/admin/orders/${started.body.orderNumber}`)).body;
      const lineId = order.items[0].id as number;
      const over = await edit(order.order.orderNumber, { changes: [{ type: "quantity", lineId, quantity: 3 }], notify: false });
      expect(over).toMatchObject({ status: 409, body: { message: "You can buy at most 2 of VSOP Premium Hoodie in this drop" } });
      expect((await edit(order.order.orderNumber, { changes: [{ type: "quantity", lineId, quantity: 3 }] }, "?preview=1")).status).toBe(409);
      expect((await edit(order.order.orderNumber, { changes: [{ type: "quantity", lineId, quantity: 2 }] }, "?preview=1")).status).toBe(200);
      const within = await edit(order.order.orderNumber, { changes: [{ type: "swap", lineId, variantId: await variantId(2, "Black", "L") }], notify: false });
      expect(within.status).toBe(201);
    } finally {
      await db().update(drops).set({ perProductLimit: null }).where(eq(drops.slug, "vsop"));
      server.services.catalogChanges.receive({ all: true });
    }
  });
});

describe("order edits: priced again with the order's own rules", () => {
  it("taxes a new address as its zone says and asks the shopper for the difference; the shipping method stays", async () => {
    const rules = pricingRules(server);
    await rules.taxZone("Washington", [{ country: "US", subdivision: "US-WA" }], [{ rateMilliPercent: 10_000 }]);
    try {
      const { orderNumber, total } = await paidOrder();
      expect(total).toBe(26.99);
      const address = { line1: "9 Harbor Road", city: "Seattle", region: "WA", postalCode: "98101", country: "US" };
      const res = await edit(orderNumber, { changes: [{ type: "address", address }] }, "?preview=1");
      expect(res.status).toBe(200);
      // $24.99 at 10% is $2.50 (was $2.00 at 8%): 50 cents more, to pay.
      expect(res.body.edit).toMatchObject({ status: "awaiting_payment", differenceCents: 50 });
      expect(res.body.order.order).toMatchObject({ totalAmount: 27.49, tax: 2.5, shippingMethod: "Standard shipping" });
      expect(res.body.order.order.charges).toContainEqual({ label: "Sales tax (10%)", amount: 2.5, free: false });
    } finally {
      await rules.reset();
    }
  });
});

