import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and } from "drizzle-orm";
import { testPaymentIntents, variants } from "../db/schema";
import { createApiClient } from "../test/api-client";
import { registerShopper } from "../test/accounts-helpers";
import { signedInAdmin } from "../test/admin-helpers";
import { card, details, setVariantStock, variantStock } from "../test/checkout-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAdmin(server);
  await setVariantStock(server.database.db, 3, "Black", "M", 100);
});
afterAll(() => server?.close());

type Client = ReturnType<typeof createApiClient>;

/** Two VSOP shorts ($79.99 each, 172.78 with tax) bought, shipped and delivered. */
async function deliveredOrder({ account = true, email = details.email } = {}) {
  const shopper = createApiClient(server.url);
  if (account) await registerShopper(shopper);
  await shopper.post("/api/cart/items", { productId: 3, quantity: 2, size: "M" });
  const started = await shopper.post("/api/create-payment-intent", { ...details, email });
  await shopper.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") });
  const orderNumber = started.body.orderNumber as string;
  await admin.post(`/api/admin/orders/${orderNumber}/status`, { status: "processing" });
  await admin.post(`/api/admin/orders/${orderNumber}/status`, { status: "shipped", shipment: { carrier: "UPS", trackingNumber: "1Z999AA10123456784" } });
  await admin.post(`/api/admin/orders/${orderNumber}/status`, { status: "delivered" });
  const itemId = (await admin.get(`/api/admin/orders/${orderNumber}`)).body.items[0].id as number;
  return { shopper, orderNumber, itemId, intentId: started.body.paymentIntentId as string };
}

const ask = (client: Client, body: unknown) => client.post("/api/returns", body);
const decide = (returnNumber: string, body: unknown) => admin.post(`/api/admin/returns/${returnNumber}`, body);

describe("returns", () => {
  it("a shopper returns a line; staff approve (refunding its price and tax), then receive and restock it; emails at each step", async () => {
    const { shopper, orderNumber, itemId, intentId } = await deliveredOrder();
    const before = (await shopper.get(`/api/account/orders/${orderNumber}`)).body;
    expect(before.returnable).toEqual({ until: expect.any(String), lines: [{ itemId, name: "VSOP Premium Shorts", color: "Black", size: "M", available: 2, exchangeOptions: expect.any(Array) }], storeCreditOffered: false });
    server.mailer.sent.length = 0;
    const asked = await ask(shopper, { orderNumber, lines: [{ itemId, quantity: 1 }], reason: "Too small in the waist" });
    expect(asked.status).toBe(201);
    expect(asked.body).toEqual({ returnNumber: `${orderNumber}-R1`, status: "requested" });
    expect(server.mailer.sent.at(-1)).toMatchObject({ to: details.email, subject: `We got your return request ${orderNumber}-R1` });
    const during = (await shopper.get(`/api/account/orders/${orderNumber}`)).body;
    expect(during.returns).toEqual([expect.objectContaining({ returnNumber: `${orderNumber}-R1`, status: "requested", refund: null, items: [{ itemId, quantity: 1, exchange: null }] })]);
    expect(during.returnable.lines[0].available).toBe(1);
    expect((await decide(`${orderNumber}-R1`, { action: "receive", restock: true })).body.message).toBe(`Return ${orderNumber}-R1 is requested: it can't be received now`);

    const approved = await decide(`${orderNumber}-R1`, { action: "approve" });
    expect(approved.body).toMatchObject({ status: "approved", refund: 86.39 });
    expect((await server.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId)))[0]!.refundedCents).toBe(86_39);
    expect(server.mailer.sent.at(-1)).toMatchObject({ subject: `Return ${orderNumber}-R1 approved: $86.39 refunded` });
    const order = (await shopper.get(`/api/account/orders/${orderNumber}`)).body;
    expect(order.order).toMatchObject({ status: "delivered", refunded: 86.39 });
    expect(order.items[0]).toMatchObject({ refundedQuantity: 1 });

    const stock = await variantStock(server.database.db, 3, "Black", "M");
    const received = await decide(`${orderNumber}-R1`, { action: "receive", restock: true, note: "Folded and back on the shelf" });
    expect(received.body).toMatchObject({ status: "received", restocked: true });
    expect(await variantStock(server.database.db, 3, "Black", "M")).toEqual({ onHand: stock.onHand + 1, reserved: 0 });
    expect(server.mailer.sent.at(-1)).toMatchObject({ subject: `We received your return ${orderNumber}-R1` });
    expect((await admin.get(`/api/admin/orders/${orderNumber}`)).body.returns).toEqual([expect.objectContaining({ returnNumber: `${orderNumber}-R1`, status: "received" })]);

    // The last unit: the rest of the payment, exactly, and the order is refunded.
    await ask(shopper, { orderNumber, lines: [{ itemId, quantity: 1 }], reason: "The other one too" });
    expect((await decide(`${orderNumber}-R2`, { action: "approve" })).body.refund).toBe(86.39);
    expect((await admin.get(`/api/admin/orders/${orderNumber}`)).body.order).toMatchObject({ status: "refunded", refunded: 172.78 });
  });

  it("the return form offers store credit only when the settings allow it; the shopper's choice is how staff's approval ends", async () => {
    const { shopper, orderNumber, itemId, intentId } = await deliveredOrder();
    const asking = { orderNumber, lines: [{ itemId, quantity: 1 }], reason: "Not my colour", resolution: "store_credit" };
    const off = await ask(shopper, asking);
    expect(off.status).toBe(400);
    expect(off.body.message).toBe("Invalid return: this store refunds returns to the card (store credit isn't offered)");
    expect((await ask(shopper, { ...asking, resolution: "cash" })).status).toBe(400);

    const current = (await admin.get("/api/admin/settings")).body;
    const fields = ["storeName", "legalName", "addressLine1", "addressLine2", "city", "region", "postalCode", "country", "supportEmail", "phone", "senderName", "senderEmail", "socialLinks"];
    const body = Object.fromEntries(fields.map((f) => [f, current[f] ?? ""]));
    expect(current.returnsStoreCredit).toBe(false);
    expect((await admin.put("/api/admin/settings", { ...body, returnsStoreCredit: "yes" })).status).toBe(400);
    expect((await admin.put("/api/admin/settings", { ...body, returnsStoreCredit: true })).body.returnsStoreCredit).toBe(true);
    try {
      expect((await shopper.get(`/api/account/orders/${orderNumber}`)).body.returnable.storeCreditOffered).toBe(true);
      // A PUT without the field (an older client) leaves it on.
      expect((await admin.put("/api/admin/settings", body)).body.returnsStoreCredit).toBe(true);
      expect((await ask(shopper, asking)).status).toBe(201);
      expect((await shopper.get(`/api/account/orders/${orderNumber}`)).body.returns[0]).toMatchObject({ resolution: "store_credit", refund: null });
      expect((await admin.get("/api/admin/returns")).body.returns.find((r: { returnNumber: string }) => r.returnNumber === `${orderNumber}-R1`)).toMatchObject({ resolution: "store_credit" });
      // Staff approve without choosing: the shopper's choice stands, and nothing goes back to the card.
      expect((await decide(`${orderNumber}-R1`, { action: "approve" })).body).toMatchObject({ status: "approved", refund: 86.39 });
      expect((await server.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId)))[0]!.refundedCents).toBe(0);
      expect((await shopper.get("/api/account/credit")).body).toMatchObject({ balanceCents: 86_39, entries: [{ amountCents: 86_39, kind: "return", orderNumber }] });
      // Staff may still end the shopper's next request as a refund.
      await ask(shopper, { ...asking, reason: "The other one too" });
      expect((await decide(`${orderNumber}-R2`, { action: "approve", resolution: "refund" })).body.refund).toBe(86.39);
      expect((await server.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId)))[0]!.refundedCents).toBe(86_39);
    } finally {
      expect((await admin.put("/api/admin/settings", { ...body, returnsStoreCredit: false })).body.returnsStoreCredit).toBe(false);
    }
  });

  it("an exchange: the shopper picks another size; staff approval reserves it (no refund); the parcel's arrival ships it on a $0 order", async () => {
    await setVariantStock(server.database.db, 3, "Black", "L", 5);
    const [large] = await server.database.db.select({ id: variants.id }).from(variants).where(and(eq(variants.productId, 3), eq(variants.size, "L")));
    const [hoodie] = await server.database.db.select({ id: variants.id }).from(variants).where(and(eq(variants.productId, 2), eq(variants.size, "L")));
    const { shopper, orderNumber, itemId, intentId } = await deliveredOrder();
    const options = (await shopper.get(`/api/account/orders/${orderNumber}`)).body.returnable.lines[0].exchangeOptions;
    expect(options).toContainEqual({ variantId: large!.id, color: "Black", size: "L" });
    expect(options.map((o: { size: string }) => o.size)).not.toContain("M");
    const asking = { orderNumber, lines: [{ itemId, quantity: 1 }], reason: "Too tight", resolution: "exchange", exchanges: [{ itemId, variantId: large!.id }] };
    for (const bad of [{ ...asking, exchanges: undefined }, { ...asking, exchanges: [{ itemId, variantId: hoodie!.id }] }, { ...asking, resolution: "refund" }, { ...asking, exchanges: [{ itemId: itemId + 999, variantId: large!.id }] }, { ...asking, exchanges: [{ itemId, variantId: "L" }] }]) {
      const res = await ask(shopper, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await ask(shopper, asking)).status).toBe(201);
    expect((await shopper.get(`/api/account/orders/${orderNumber}`)).body.returns[0]).toMatchObject({ resolution: "exchange", items: [{ itemId, quantity: 1, exchange: { variantId: large!.id, size: "L" } }] });

    const mStock = await variantStock(server.database.db, 3, "Black", "M");
    const approved = await decide(`${orderNumber}-R1`, { action: "approve" });
    expect(approved.body).toMatchObject({ status: "approved", resolution: "exchange", refund: null, items: [{ exchange: { size: "L" } }], exchangeOrderNumber: null });
    expect(await variantStock(server.database.db, 3, "Black", "L")).toEqual({ onHand: 5, reserved: 1 });
    expect((await server.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId)))[0]!.refundedCents).toBe(0);
    expect(server.mailer.sent.at(-1)).toMatchObject({ subject: `Return ${orderNumber}-R1 approved: your exchange is held for you` });

    const received = await decide(`${orderNumber}-R1`, { action: "receive", restock: true });
    expect(received.body).toMatchObject({ status: "received", restocked: true, exchangeOrderNumber: expect.stringMatching(/^VS-\d+$/) });
    expect(await variantStock(server.database.db, 3, "Black", "L")).toEqual({ onHand: 4, reserved: 0 });
    expect(await variantStock(server.database.db, 3, "Black", "M")).toEqual({ onHand: mStock.onHand + 1, reserved: mStock.reserved });
    const exchange = (await admin.get(`/api/admin/orders/${received.body.exchangeOrderNumber}`)).body;
    expect(exchange.order).toMatchObject({ status: "paid" });
    expect(exchange.items[0].unitPrice ?? exchange.items[0].unitPriceCents ?? 0).toBe(0);
    expect(exchange.items).toEqual([expect.objectContaining({ size: "L", color: "Black", quantity: 1 })]);
    // The original order is as it was: nothing refunded.
    expect((await admin.get(`/api/admin/orders/${orderNumber}`)).body.order).toMatchObject({ status: "delivered", refunded: 0 });
  });

  it("staff may end a return as an exchange (their sizes), never to a sold-out one (409 naming it)", async () => {
    const [large] = await server.database.db.select({ id: variants.id }).from(variants).where(and(eq(variants.productId, 3), eq(variants.size, "L")));
    const { shopper, orderNumber, itemId } = await deliveredOrder();
    await ask(shopper, { orderNumber, lines: [{ itemId, quantity: 2 }], reason: "Wrong size" });
    expect((await decide(`${orderNumber}-R1`, { action: "approve", resolution: "exchange" })).status).toBe(400);
    expect((await decide(`${orderNumber}-R1`, { action: "approve", exchanges: [{ itemId, variantId: large!.id }] })).status).toBe(400);
    await setVariantStock(server.database.db, 3, "Black", "L", 1);
    const short = await decide(`${orderNumber}-R1`, { action: "approve", resolution: "exchange", exchanges: [{ itemId, variantId: large!.id }] });
    expect(short.status).toBe(409);
    expect(short.body.message).toBe("VSOP Premium Shorts (size L) is sold out: approve the return as a refund or store credit instead");
    expect(await variantStock(server.database.db, 3, "Black", "L")).toEqual({ onHand: 1, reserved: 0 });
    await setVariantStock(server.database.db, 3, "Black", "L", 3);
    expect((await decide(`${orderNumber}-R1`, { action: "approve", resolution: "exchange", exchanges: [{ itemId, variantId: large!.id }] })).body).toMatchObject({ status: "approved", resolution: "exchange", refund: null });
    expect(await variantStock(server.database.db, 3, "Black", "L")).toEqual({ onHand: 3, reserved: 2 });
  });

  it("a guest returns with the order's email; staff may refuse with a reason; a wrong email or someone else's order is not found", async () => {
    const { orderNumber, itemId } = await deliveredOrder({ account: false, email: "guest.returns@example.com" });
    const guest = createApiClient(server.url);
    const found = await guest.post("/api/orders/lookup", { orderNumber, email: "guest.returns@example.com" });
    expect(found.body.returnable.lines).toHaveLength(1);
    const wrong = await ask(guest, { orderNumber, email: "someone@example.com", lines: [{ itemId, quantity: 1 }], reason: "Not mine" });
    expect([wrong.status, wrong.body.message]).toEqual([404, "Order not found"]);
    const stranger = createApiClient(server.url);
    await registerShopper(stranger);
    expect((await ask(stranger, { orderNumber, lines: [{ itemId, quantity: 1 }], reason: "Not mine" })).status).toBe(404);

    const asked = await ask(guest, { orderNumber, email: "GUEST.returns@example.com", lines: [{ itemId, quantity: 2 }], reason: "Wrong colour" });
    expect(asked.status).toBe(201);
    const refused = await decide(asked.body.returnNumber, { action: "refuse", note: "These were worn: we can only take back unworn items." });
    expect(refused.body).toMatchObject({ status: "refused", staffNote: "These were worn: we can only take back unworn items.", refund: null });
    expect(server.mailer.sent.at(-1)).toMatchObject({ to: "guest.returns@example.com", subject: `About your return ${asked.body.returnNumber}` });
    expect((await decide(asked.body.returnNumber, { action: "approve" })).status).toBe(409);
  });

  it("refuses bad input; staff calls are staff-only", async () => {
    const client = createApiClient(server.url);
    expect((await ask(client, { orderNumber: "VS-1", lines: [], reason: "x" })).body.message).toBe("Invalid return: lines: choose at least one line; reason: tell us why, in a few words");
    expect((await ask(client, { orderNumber: "nope", lines: [{ itemId: 1, quantity: 1 }], reason: "Because" })).body.message).toBe("Invalid return: orderNumber: must be an order number like VS-100123");
    expect((await decide("VS-1-R1", { action: "refuse" })).body.message).toBe("Invalid decision: note: Invalid input: expected string, received undefined");
    expect((await decide("nope", { action: "approve" })).status).toBe(400);
    expect((await decide("VS-1-R1", { action: "approve" })).status).toBe(404);
    expect((await admin.get("/api/admin/returns?status=lost")).status).toBe(400);
    expect((await client.get("/api/admin/returns")).status).toBe(401);
    await registerShopper(client);
    expect((await client.post("/api/admin/returns/VS-1-R1", { action: "approve" })).status).toBe(403);
  });
  it("only delivered orders, within 30 days of delivery, and never more units than are left", async () => {
    const buyer = createApiClient(server.url);
    await registerShopper(buyer);
    await buyer.post("/api/cart/items", { productId: 3, quantity: 1, size: "M" });
    const started = await buyer.post("/api/create-payment-intent", details);
    await buyer.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") });
    const paidItem = (await admin.get(`/api/admin/orders/${started.body.orderNumber}`)).body.items[0].id;
    expect((await ask(buyer, { orderNumber: started.body.orderNumber, lines: [{ itemId: paidItem, quantity: 1 }], reason: "Early" })).body.message).toBe(`Order ${started.body.orderNumber} can be returned once it has been delivered`);

    const { shopper, orderNumber, itemId } = await deliveredOrder();
    expect((await ask(shopper, { orderNumber, lines: [{ itemId, quantity: 3 }], reason: "Too many" })).body.message).toBe("Only 2 of VSOP Premium Shorts (Black, M) can be returned");
    expect((await ask(shopper, { orderNumber, lines: [{ itemId: itemId + 100_000, quantity: 1 }], reason: "Other" })).body.message).toBe(`Order ${orderNumber} has no line ${itemId + 100_000}`);
    // A month on (sessions have lapsed too, so by the order's email).
    server.clock.now = new Date(server.clock.now.getTime() + 31 * 86_400_000);
    const late = { orderNumber, email: details.email, lines: [{ itemId, quantity: 1 }], reason: "Late" };
    expect((await ask(createApiClient(server.url), late)).body.message).toBe(`Returns for order ${orderNumber} closed 30 days after delivery`);
    expect((await createApiClient(server.url).post("/api/orders/lookup", { orderNumber, email: details.email })).body.returnable).toBeNull();
  });
});
