import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clearAttempts, limits } from "../accounts/rate-limit";
import { discountCodes, giftCardEntries, giftCards, orderItems, products } from "../db/schema";
import { createApiClient } from "../test/api-client";
import { card, closeOpenOrders, details, orderFor } from "../test/checkout-helpers";
import { startTestServer, type TestServer } from "../test/test-server";
import { hashGiftCardCode } from "./gift-card-code";
import { giftCardBalances } from "./gift-card-ledger";
import { localHourToInstant } from "./gift-card-line";

let server: TestServer;
let giftCardId: number;
beforeAll(async () => {
  server = await startTestServer();
  const [row] = await server.database.db.select({ id: products.id }).from(products).where(eq(products.giftCard, true));
  giftCardId = row!.id;
  await server.database.db.insert(discountCodes).values({ code: "WELCOME15", percentOff: 15 }).onConflictDoNothing();
});
afterAll(() => server?.close());
beforeEach(async () => {
  server.clock.now = new Date();
  server.mailer.sent.length = 0;
  await closeOpenOrders(server.database.db);
  await clearAttempts(server.database.db, [limits.giftCardIp("127.0.0.1"), limits.giftCardIp("::1"), limits.giftCardIp("::ffff:127.0.0.1")]);
});

type Client = ReturnType<typeof createApiClient>;
const hoodie = { productId: 2, quantity: 1, size: "M", color: "Default" };
const giftCard = (size: string, gift?: Record<string, unknown>, quantity = 1) => ({ productId: giftCardId, quantity, size, ...(gift ? { giftCard: gift } : {}) });
const pay = (s: Client, started: { paymentIntentId: string; clientSecret: string }) => s.post(`/api/test-payments/${started.paymentIntentId}/confirm`, { clientSecret: started.clientSecret, ...card("4242424242424242") });
const codeIn = (text: string) => /gift card code: ([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})/.exec(text)?.[1];
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function buy(s: Client, body = details) {
  const started = await s.post("/api/create-payment-intent", body);
  expect(started.status, started.text).toBe(200);
  expect((await pay(s, started.body)).status).toBe(200);
  return orderFor(server.database.db, started.body.paymentIntentId);
}

describe("the gift-card product in the cart", () => {
  it("is seeded with amounts as sizes, each variant its own price; the product page knows it is a gift card", async () => {
    const res = await createApiClient(server.url).get(`/api/products/${giftCardId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sizes: ["$25", "$50", "$100", "$200"], price: 25 });
  });

  it("adds a card for a recipient with a note and a day; the line says so; alone it needs no shipping and bears no tax", async () => {
    const s = createApiClient(server.url);
    const res = await s.post("/api/cart/items", giftCard("$50", { recipientEmail: "Friend@Example.com", message: "Happy birthday!", sendOn: day(10) }));
    expect(res.status, res.text).toBe(201);
    expect(res.body.items[0]).toMatchObject({ size: "$50", unitPrice: 50, giftCard: { recipientEmail: "friend@example.com", message: "Happy birthday!", sendAt: expect.any(String) } });
    expect(res.body).toMatchObject({ subtotal: 50, shipping: 0, tax: 0, total: 50 });
    const quote = await s.post("/api/checkout/quote", { address: details.address });
    expect(quote.body).toMatchObject({ shippingNeeded: false, shippingOptions: [], shipping: 0, tax: 0, total: 50, amountDueCents: 5_000 });
  });

  it("the same amount for the same recipient adds up; for someone else it is refused (409); a plain add doesn't merge into it", async () => {
    const s = createApiClient(server.url);
    const gift = { recipientEmail: "a@example.com" };
    expect((await s.post("/api/cart/items", giftCard("$25", gift))).status).toBe(201);
    expect((await s.post("/api/cart/items", giftCard("$25", gift, 2))).body.items[0].quantity).toBe(3);
    const other = await s.post("/api/cart/items", giftCard("$25", { recipientEmail: "b@example.com" }));
    expect(other.status).toBe(409);
    expect(other.body.message).toMatch(/already has this gift card amount/);
    expect((await s.post("/api/cart/items", giftCard("$25"))).status).toBe(409);
    expect((await s.get("/api/cart")).body.items).toHaveLength(1);
  });

  it("refuses bad gift details with 400, and details on a product that isn't a gift card", async () => {
    const s = createApiClient(server.url);
    const bad = [
      giftCard("$25", { recipientEmail: "nope" }),
      giftCard("$25", { message: "x".repeat(301) }),
      giftCard("$25", { sendOn: "tomorrow" }),
      giftCard("$25", { sendOn: day(-2) }),
      giftCard("$25", { sendOn: day(400) }),
      giftCard("$25", { extra: true }),
      { ...hoodie, giftCard: { recipientEmail: "a@example.com" } },
    ];
    for (const body of bad) {
      const res = await s.post("/api/cart/items", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(/^Invalid cart item/);
    }
    expect((await s.post("/api/cart/items", giftCard("$30", {}))).status).toBe(400);
  });

  it("beside clothes: no code takes anything off the card, it isn't taxed, and it doesn't count toward shipping", async () => {
    const s = createApiClient(server.url);
    await s.post("/api/cart/items", hoodie);
    await s.post("/api/cart/items", giftCard("$100"));
    const plain = await s.post("/api/checkout/quote", { address: details.address });
    const coded = await s.post("/api/checkout/quote", { address: details.address, discountCode: "WELCOME15" });
    // The hoodie alone is taxed ($149.99 at 8% = $12.00) and discounted (15% = $22.50).
    expect(plain.body).toMatchObject({ subtotal: 249.99, tax: 12, shippingNeeded: true });
    expect(coded.body).toMatchObject({ subtotal: 249.99, discount: 22.5 });
    expect(coded.body.tax).toBe(10.2);
  });
});

describe("paying for a gift card", () => {
  it("issues one card per unit, emails its code to the recipient at once, and keeps only its hash and last 4", async () => {
    const s = createApiClient(server.url);
    await s.post("/api/cart/items", giftCard("$50", { recipientEmail: "friend@example.com", message: "Enjoy!" }, 2));
    const order = await buy(s);
    expect(order).toMatchObject({ status: "paid", totalCents: 10_000, taxCents: 0, shippingCents: 0 });
    const [line] = await server.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(line).toMatchObject({ giftCard: true, giftRecipientEmail: "friend@example.com", giftMessage: "Enjoy!", quantity: 2 });
    const cards = await server.database.db.select().from(giftCards).where(eq(giftCards.orderId, order.id));
    expect(cards).toHaveLength(2);
    const mails = server.mailer.sent.filter((m) => m.to === "friend@example.com");
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toMatch(/^Sam Rivera sent you a \$50\.00 .* gift card$/);
    expect(mails[0]!.text).toContain("Enjoy!");
    const codes = mails.map((m) => codeIn(m.text)!);
    expect(new Set(codes).size).toBe(2);
    for (const c of cards) {
      expect(c.sentAt).not.toBeNull();
      expect(codes.map(hashGiftCardCode)).toContain(c.codeHash);
      expect(codes.map((code) => code.slice(-4))).toContain(c.last4);
      expect(JSON.stringify(c)).not.toContain(codes[0]!.replace(/-/g, ""));
      expect((await giftCardBalances(server.database.db, [c.id])).get(c.id)).toBe(5_000);
    }
    // The buyer's confirmation came too; the code is redeemable on another checkout.
    expect(server.mailer.sent.some((m) => m.to === details.email && m.subject.includes(order.orderNumber))).toBe(true);
    const other = createApiClient(server.url);
    await other.post("/api/cart/items", hoodie);
    expect((await other.post("/api/checkout/gift-cards", { code: codes[0] })).status).toBe(200);
    expect((await other.post("/api/checkout/quote", {})).body).toMatchObject({ giftCardCents: 5_000, amountDueCents: 16_199 - 5_000 });
  });

  it("without a recipient it goes to the buyer", async () => {
    const s = createApiClient(server.url);
    await s.post("/api/cart/items", giftCard("$25"));
    await buy(s);
    const mail = server.mailer.sent.find((m) => m.to === details.email && m.subject.includes("gift card"));
    expect(mail?.subject).toMatch(/^Your \$25\.00 .* gift card$/);
    expect(codeIn(mail!.text)).toBeDefined();
  });

  it("a later day: no code and no email until 9:00 that day where the store is; then sent once, however often the sweep runs", async () => {
    const s = createApiClient(server.url);
    const sendOn = day(3);
    await s.post("/api/cart/items", giftCard("$100", { recipientEmail: "later@example.com", sendOn }));
    const order = await buy(s);
    const [c] = await server.database.db.select().from(giftCards).where(eq(giftCards.orderId, order.id));
    expect(c).toMatchObject({ codeHash: null, last4: null, sentAt: null, recipientEmail: "later@example.com" });
    const timeZone = await server.services.settings.timeZone();
    expect(c!.sendAt!.toISOString()).toBe(localHourToInstant(sendOn, 9, timeZone).toISOString());
    expect(server.mailer.sent.filter((m) => m.to === "later@example.com")).toHaveLength(0);
    server.clock.now = new Date(c!.sendAt!.getTime() - 60_000);
    await server.services.giftCards.sendDue();
    expect(server.mailer.sent.filter((m) => m.to === "later@example.com")).toHaveLength(0);
    server.clock.now = new Date(c!.sendAt!.getTime() + 60_000);
    await server.services.giftCards.sendDue();
    await server.services.giftCards.sendDue();
    await server.services.giftCards.sendOne({ giftCardId: c!.id });
    const mails = server.mailer.sent.filter((m) => m.to === "later@example.com");
    expect(mails).toHaveLength(1);
    const [after] = await server.database.db.select().from(giftCards).where(eq(giftCards.id, c!.id));
    expect(after!.codeHash).toBe(hashGiftCardCode(codeIn(mails[0]!.text)!));
  });

  it("a payment event that comes twice issues and emails the cards once", async () => {
    const s = createApiClient(server.url);
    await s.post("/api/cart/items", giftCard("$200", { recipientEmail: "twice@example.com" }));
    const started = await s.post("/api/create-payment-intent", details);
    const event = (id: string) => ({ event: { id, type: "payment_intent.succeeded" as const, intentId: started.body.paymentIntentId, amountCents: 20_000 } });
    await server.services.checkout.handlePaymentEvent(event("evt_gift_1"));
    await server.services.checkout.handlePaymentEvent(event("evt_gift_1"));
    await server.services.checkout.handlePaymentEvent(event("evt_gift_2"));
    expect((await pay(s, started.body)).status).toBeLessThan(500);
    const order = await orderFor(server.database.db, started.body.paymentIntentId);
    expect(order.status).toBe("paid");
    const cards = await server.database.db.select().from(giftCards).where(eq(giftCards.orderId, order.id));
    expect(cards).toHaveLength(1);
    expect(await server.database.db.$count(giftCardEntries, and(eq(giftCardEntries.giftCardId, cards[0]!.id), eq(giftCardEntries.kind, "issue")))).toBe(1);
    expect(server.mailer.sent.filter((m) => m.to === "twice@example.com")).toHaveLength(1);
  });

  it("a mail that fails leaves the card unsent and without a code; the next run sends it", async () => {
    const s = createApiClient(server.url);
    await s.post("/api/cart/items", giftCard("$25", { recipientEmail: "flaky@example.com", sendOn: day(2) }));
    const order = await buy(s);
    const [c] = await server.database.db.select().from(giftCards).where(eq(giftCards.orderId, order.id));
    const send = server.mailer.send;
    server.mailer.send = async () => {
      throw new Error("SMTP down");
    };
    try {
      await expect(server.services.giftCards.sendOne({ giftCardId: c!.id })).rejects.toThrow("SMTP down");
    } finally {
      server.mailer.send = send;
    }
    const [unsent] = await server.database.db.select().from(giftCards).where(eq(giftCards.id, c!.id));
    expect(unsent).toMatchObject({ codeHash: null, last4: null, sentAt: null });
    await server.services.giftCards.sendOne({ giftCardId: c!.id });
    expect(server.mailer.sent.filter((m) => m.to === "flaky@example.com")).toHaveLength(1);
    await expect(server.services.giftCards.sendOne({ giftCardId: "not-a-uuid" })).rejects.toThrow();
  });
});
