import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clearAttempts, limits } from "../accounts/rate-limit";
import { auditLog, discountCodes, giftCardEntries, giftCards, testPaymentIntents } from "../db/schema";
import { createApiClient } from "../test/api-client";
import { signedInAdmin, signedInStaff } from "../test/admin-helpers";
import { card, closeOpenOrders, details, orderFor, setVariantStock, variantStock } from "../test/checkout-helpers";
import { startTestServer, type TestServer } from "../test/test-server";
import { hashGiftCardCode } from "./gift-card-code";
import { creditBalance } from "../credit/store-credit";
import { giftCardBalances } from "./gift-card-ledger";
import { GIFT_CARD_REFUSED } from "./checkout-gift-cards";

let server: TestServer;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAdmin(server);
  await server.database.db.insert(discountCodes).values({ code: "WELCOME15", percentOff: 15 }).onConflictDoNothing();
});
afterAll(() => server?.close());
beforeEach(async () => {
  server.clock.now = new Date();
  await closeOpenOrders(server.database.db);
  await setVariantStock(server.database.db, 2, "Black", "M", 50);
  await clearAttempts(server.database.db, [limits.giftCardIp("127.0.0.1"), limits.giftCardIp("::1"), limits.giftCardIp("::ffff:127.0.0.1")]);
});

type Client = ReturnType<typeof createApiClient>;
const hoodie = { productId: 2, quantity: 1, size: "M", color: "Default" };
const CODE_SHAPE = /^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;

const issue = async (amountCents: number, extra: Record<string, unknown> = {}) => {
  const res = await admin.post("/api/admin/gift-cards", { amountCents, ...extra });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; code: string; last4: string; expiresAt: string | null };
};
const balanceOf = async (id: string) => (await giftCardBalances(server.database.db, [id])).get(id)!;

/** A guest with a hoodie ($149.99 + $12.00 tax = $161.99) in the cart. */
async function shopper(): Promise<Client> {
  const s = createApiClient(server.url);
  expect((await s.post("/api/cart/items", hoodie)).status).toBe(201);
  return s;
}
const redeem = (s: Client, code: string) => s.post("/api/checkout/gift-cards", { code });
const pay = (s: Client, started: { paymentIntentId: string; clientSecret: string }) =>
  s.post(`/api/test-payments/${started.paymentIntentId}/confirm`, { clientSecret: started.clientSecret, ...card("4242424242424242") });

describe("POST /api/admin/gift-cards", () => {
  it("issues a card: the code is shown once, only its hash is kept, the balance is a ledger row; audited", async () => {
    const res = await admin.post("/api/admin/gift-cards", { amountCents: 5_000, recipientEmail: "Friend@Example.com", sendAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), code: expect.stringMatching(CODE_SHAPE), last4: res.body.code.slice(-4), balanceCents: 5_000, expiresAt: null });
    const [row] = await server.database.db.select().from(giftCards).where(eq(giftCards.id, res.body.id));
    expect(row).toMatchObject({ codeHash: hashGiftCardCode(res.body.code), last4: res.body.last4, status: "active", expiresAt: null, recipientEmail: "friend@example.com", issuedBy: expect.stringMatching(/^staff:/) });
    expect(JSON.stringify(row)).not.toContain(res.body.code.replace(/-/g, ""));
    expect(await server.database.db.select({ amountCents: giftCardEntries.amountCents, kind: giftCardEntries.kind }).from(giftCardEntries).where(eq(giftCardEntries.giftCardId, res.body.id))).toEqual([{ amountCents: 5_000, kind: "issue" }]);
    const [audit] = await server.database.db.select().from(auditLog).where(and(eq(auditLog.entity, "gift_card"), eq(auditLog.entityId, res.body.id)));
    expect(audit).toMatchObject({ action: "gift_card.issue", after: { last4: res.body.last4, amountCents: 5_000 } });
    expect(JSON.stringify(audit)).not.toContain(res.body.code);

    const list = await admin.get("/api/admin/gift-cards");
    expect(list.status).toBe(200);
    expect(list.body.giftCards.find((c: { id: string }) => c.id === res.body.id)).toMatchObject({ last4: res.body.last4, balanceCents: 5_000, initialCents: 5_000, status: "active" });
    expect(list.text).not.toContain(res.body.code);
  });

  it("codes are 16 symbols from an unambiguous alphabet, each card its own", async () => {
    const codes = await Promise.all(Array.from({ length: 5 }, () => issue(100).then((c) => c.code)));
    for (const code of codes) expect(code).toMatch(CODE_SHAPE);
    expect(new Set(codes).size).toBe(5);
  });

  it("an expiry staff choose is kept; one in the past is refused", async () => {
    const at = new Date(Date.now() + 365 * 86_400_000).toISOString();
    expect((await issue(100, { expiresAt: at })).expiresAt).toBe(at);
    expect((await admin.post("/api/admin/gift-cards", { amountCents: 100, expiresAt: new Date(Date.now() - 1000).toISOString() })).status).toBe(400);
  });

  it("refuses bad input with 400", async () => {
    const bad = [{}, { amountCents: 0 }, { amountCents: 99 }, { amountCents: 10.5 }, { amountCents: "100" }, { amountCents: 2_000_000 }, { amountCents: 100, extra: 1 }, { amountCents: 100, recipientEmail: "nope" }, { amountCents: 100, sendAt: "tomorrow", recipientEmail: "a@b.co" }, { amountCents: 100, sendAt: new Date().toISOString() }, { amountCents: 100, expiresAt: "soon" }];
    for (const body of bad) {
      const res = await admin.post("/api/admin/gift-cards", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(/^Invalid gift card/);
    }
    expect((await admin.post("/api/admin/gift-cards", "not json")).status).toBe(400);
  });

  it("is for the Owner and the Manager (giftcards.write), not Fulfilment", async () => {
    const packer = await signedInStaff(server, "fulfilment");
    expect((await packer.client.post("/api/admin/gift-cards", { amountCents: 100 })).status).toBe(403);
    expect((await packer.client.get("/api/admin/gift-cards")).status).toBe(403);
    const manager = await signedInStaff(server, "manager");
    expect((await manager.client.post("/api/admin/gift-cards", { amountCents: 100 })).status).toBe(201);
    expect((await createApiClient(server.url).post("/api/admin/gift-cards", { amountCents: 100 })).status).toBe(401);
  });
});

describe("adjusting and disabling a card", () => {
  it("adds and takes off, never below zero (409); audited; history on GET /api/admin/gift-cards/{id}", async () => {
    const { id } = await issue(3_000);
    expect((await admin.post(`/api/admin/gift-cards/${id}/adjustments`, { amountCents: 500, reason: "Goodwill" })).body).toMatchObject({ balanceCents: 3_500, initialCents: 3_000 });
    const tooMuch = await admin.post(`/api/admin/gift-cards/${id}/adjustments`, { amountCents: -3_501, reason: "Mistake" });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe("Only $35.00 is left on this gift card");
    const down = await admin.post(`/api/admin/gift-cards/${id}/adjustments`, { amountCents: -3_500, reason: "Issued twice" });
    expect(down.status).toBe(201);
    expect(down.body).toMatchObject({ balanceCents: 0, entries: [{ amountCents: -3_500, kind: "staff", reason: "Issued twice" }, { amountCents: 500 }, { amountCents: 3_000, kind: "issue" }] });
    const audit = await server.database.db.select().from(auditLog).where(and(eq(auditLog.entity, "gift_card"), eq(auditLog.entityId, id)));
    expect(audit.map((a) => a.action).sort()).toEqual(["gift_card.adjust", "gift_card.adjust", "gift_card.issue"]);
  });

  it("disables and enables, audited", async () => {
    const { id } = await issue(1_000);
    const off = await admin.patch(`/api/admin/gift-cards/${id}`, { status: "disabled", reason: "Reported stolen" });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ status: "disabled", balanceCents: 1_000 });
    expect((await admin.patch(`/api/admin/gift-cards/${id}`, { status: "active", reason: "Found again" })).body.status).toBe("active");
    const audit = await server.database.db.select().from(auditLog).where(and(eq(auditLog.entity, "gift_card"), eq(auditLog.entityId, id), like(auditLog.action, "gift_card.%able")));
    expect(audit.map((a) => a.action).sort()).toEqual(["gift_card.disable", "gift_card.enable"]);
  });

  it("bad input is 400, an unknown card 404, Fulfilment 403", async () => {
    const { id } = await issue(1_000);
    for (const body of [{}, { amountCents: 0, reason: "zero" }, { amountCents: 1.5, reason: "half" }, { amountCents: 100 }, { amountCents: 100, reason: "ok reason", x: 1 }]) {
      expect((await admin.post(`/api/admin/gift-cards/${id}/adjustments`, body)).status, JSON.stringify(body)).toBe(400);
    }
    for (const body of [{}, { status: "lost", reason: "why not" }, { status: "disabled" }, { status: "disabled", reason: "ok reason", x: 1 }]) {
      expect((await admin.patch(`/api/admin/gift-cards/${id}`, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await admin.post("/api/admin/gift-cards/not-a-uuid/adjustments", { amountCents: 100, reason: "good reason" })).status).toBe(400);
    expect((await admin.get("/api/admin/gift-cards/not-a-uuid")).status).toBe(400);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await admin.post(`/api/admin/gift-cards/${unknown}/adjustments`, { amountCents: 100, reason: "good reason" })).status).toBe(404);
    expect((await admin.patch(`/api/admin/gift-cards/${unknown}`, { status: "disabled", reason: "good reason" })).status).toBe(404);
    expect((await admin.get(`/api/admin/gift-cards/${unknown}`)).status).toBe(404);
    const packer = await signedInStaff(server, "fulfilment");
    expect((await packer.client.post(`/api/admin/gift-cards/${id}/adjustments`, { amountCents: 100, reason: "for me" })).status).toBe(403);
    expect((await packer.client.patch(`/api/admin/gift-cards/${id}`, { status: "disabled", reason: "for me" })).status).toBe(403);
  });
});

describe("POST and DELETE /api/checkout/gift-cards", () => {
  it("adds a card by its code (any case, spaces or dashes), shown by last 4; the quote takes it off after tax; DELETE removes it", async () => {
    const { code, last4 } = await issue(5_000);
    const s = await shopper();
    const added = await redeem(s, ` ${code.toLowerCase().replace(/-/g, " ")} `);
    expect(added.status, added.text).toBe(200);
    expect(added.body).toEqual({ giftCards: [{ last4, balanceCents: 5_000 }] });
    expect((await redeem(s, code)).body).toEqual({ giftCards: [{ last4, balanceCents: 5_000 }] });
    const quote = await s.post("/api/checkout/quote", {});
    expect(quote.body).toMatchObject({ total: 161.99, tax: 12, giftCardCents: 5_000, storeCreditCents: 0, amountDueCents: 11_199, giftCards: [{ last4, balanceCents: 5_000, amountCents: 5_000 }] });
    const removed = await s.delete(`/api/checkout/gift-cards/${last4.toLowerCase()}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ giftCards: [] });
    expect((await s.post("/api/checkout/quote", {})).body).toMatchObject({ giftCardCents: 0, amountDueCents: 16_199, giftCards: [] });
    expect((await s.delete(`/api/checkout/gift-cards/${last4}`)).status).toBe(404);
  });

  it("bad input is 400; no cart is 400", async () => {
    const s = await shopper();
    for (const body of [{}, { code: "" }, { code: 12345 }, { code: "x".repeat(41) }, { code: "ABCD", extra: 1 }]) {
      expect((await s.post("/api/checkout/gift-cards", body)).status, JSON.stringify(body)).toBe(400);
    }
    for (const last4 of ["ABC", "ABCDE", "AB-D"]) expect((await s.delete(`/api/checkout/gift-cards/${last4}`)).status, last4).toBe(400);
    const { code } = await issue(1_000);
    const empty = await redeem(createApiClient(server.url), code);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Add something to your cart before adding a gift card.");
  });

  it("an unknown, disabled, spent or expired code gets one message that doesn't say which", async () => {
    const disabled = await issue(1_000);
    await admin.patch(`/api/admin/gift-cards/${disabled.id}`, { status: "disabled", reason: "Reported stolen" });
    const spent = await issue(1_000);
    await admin.post(`/api/admin/gift-cards/${spent.id}/adjustments`, { amountCents: -1_000, reason: "Spent in the shop" });
    const expired = await issue(1_000, { expiresAt: new Date(Date.now() + 60_000).toISOString() });
    server.clock.now = new Date(Date.now() + 120_000);
    const s = await shopper();
    const answers = await Promise.all(["ZZZZ-ZZZZ-ZZZZ-ZZZZ", disabled.code, spent.code, expired.code].map((code) => redeem(s, code)));
    expect(answers.map((a) => [a.status, a.body.message])).toEqual(Array.from({ length: 4 }, () => [400, GIFT_CARD_REFUSED]));
  });

  it("refused codes are rate-limited per address, like sign-in: the 11th try in 15 minutes is 429, even with a good code", async () => {
    const good = await issue(1_000);
    const s = await shopper();
    for (let i = 0; i < 10; i++) expect((await redeem(s, `WRONG-CODE-${i}`)).status).toBe(400);
    const limited = await redeem(s, good.code);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many attempts/);
    server.clock.now = new Date(Date.now() + 16 * 60_000);
    expect((await redeem(s, good.code)).status).toBe(200);
  });
});

describe("gift cards at checkout", () => {
  it("a card that covers the total pays the order without the card form: stock taken, balance down", async () => {
    const { id, code, last4 } = await issue(20_000);
    const s = await shopper();
    await redeem(s, code);
    const res = await s.post("/api/create-payment-intent", details);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ provider: "store_credit", clientSecret: "", total: 161.99, tax: 12, giftCardCents: 16_199, storeCreditCents: 0, amountDueCents: 0 });
    expect(res.body.paymentIntentId).toMatch(/^pi_credit_/);
    const order = await orderFor(server.database.db, res.body.paymentIntentId);
    expect(order).toMatchObject({ status: "paid", stockState: "committed", giftCardCents: 16_199, storeCreditCents: 0, totalCents: 16_199 });
    expect(await variantStock(server.database.db, 2, "Black", "M")).toEqual({ onHand: 49, reserved: 0 });
    expect(await balanceOf(id)).toBe(20_000 - 16_199);
    // The balance is kept for the next order.
    const next = await shopper();
    expect((await redeem(next, code)).body).toEqual({ giftCards: [{ last4, balanceCents: 3_801 }] });
  });

  it("a paid order canceled after a refund that came back as store credit gives the card only the rest: nothing comes back twice", async () => {
    const { id, code } = await issue(20_000);
    const s = await shopper();
    await redeem(s, code);
    const started = await s.post("/api/create-payment-intent", details);
    expect(started.body).toMatchObject({ giftCardCents: 16_199, amountDueCents: 0 });
    const order = await orderFor(server.database.db, started.body.paymentIntentId);
    // No card was charged, so the refund comes back as store credit (decisions 0054, 0055).
    expect((await admin.post(`/api/admin/orders/${order!.orderNumber}/refunds`, { amountCents: 3_000, reason: "Price match" })).status).toBe(201);
    expect(await creditBalance(server.database.db, order!.email)).toBe(3_000);
    expect((await admin.post(`/api/admin/orders/${order!.orderNumber}/status`, { status: "canceled" })).status).toBe(200);
    expect(await balanceOf(id)).toBe(20_000 - 3_000);
    expect(await creditBalance(server.database.db, order!.email)).toBe(3_000);
  });

  it("a card that covers part: the payment is for the rest; paid by card", async () => {
    const { id, code } = await issue(5_000);
    const s = await shopper();
    await redeem(s, code);
    const started = await s.post("/api/create-payment-intent", details);
    expect(started.body).toMatchObject({ provider: "test", total: 161.99, giftCardCents: 5_000, amountDueCents: 11_199 });
    const [intent] = await server.database.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, started.body.paymentIntentId));
    expect(intent!.amountCents).toBe(11_199);
    expect(await balanceOf(id)).toBe(0);
    expect((await pay(s, started.body)).status).toBe(200);
    expect(await orderFor(server.database.db, started.body.paymentIntentId)).toMatchObject({ status: "paid", giftCardCents: 5_000 });
  });

  it("works with a discount code: the card pays what is left after the discount and tax", async () => {
    const { code } = await issue(10_000);
    const s = await shopper();
    await redeem(s, code);
    const quote = await s.post("/api/checkout/quote", { discountCode: "WELCOME15" });
    expect(quote.body).toMatchObject({ discountCode: "WELCOME15", discount: 22.5, tax: 10.2, total: 137.69, giftCardCents: 10_000, amountDueCents: 3_769 });
    const started = await s.post("/api/create-payment-intent", { ...details, discountCode: "WELCOME15" });
    expect(started.body).toMatchObject({ discount: 22.5, total: 137.69, giftCardCents: 10_000, amountDueCents: 3_769 });
  });

  it("two cards pay in the order they were added", async () => {
    const a = await issue(10_000);
    const b = await issue(10_000);
    const s = await shopper();
    await redeem(s, a.code);
    await redeem(s, b.code);
    const quote = await s.post("/api/checkout/quote", {});
    expect(quote.body).toMatchObject({ giftCardCents: 16_199, amountDueCents: 0, giftCards: [{ last4: a.last4, amountCents: 10_000 }, { last4: b.last4, amountCents: 6_199 }] });
  });

  it("an order that expires unpaid gives the card its balance back (a ledger row); a retried checkout doesn't spend twice", async () => {
    const { id, code } = await issue(5_000);
    const s = await shopper();
    await redeem(s, code);
    await s.post("/api/create-payment-intent", details);
    const started = await s.post("/api/create-payment-intent", { ...details, name: "Sam R." });
    expect(started.body.giftCardCents).toBe(5_000);
    expect(await balanceOf(id)).toBe(0);
    server.clock.now = new Date(Date.now() + 16 * 60_000);
    await server.services.checkout.expireStaleOrders();
    expect((await orderFor(server.database.db, started.body.paymentIntentId)).status).toBe("expired");
    expect(await balanceOf(id)).toBe(5_000);
    const rows = await server.database.db.select().from(giftCardEntries).where(eq(giftCardEntries.giftCardId, id));
    expect(rows.filter((r) => r.kind === "checkout").reduce((sum, r) => sum + r.amountCents, 0)).toBe(0);
  });

  it("a card disabled after it was added pays nothing", async () => {
    const { id, code } = await issue(5_000);
    const s = await shopper();
    await redeem(s, code);
    await admin.patch(`/api/admin/gift-cards/${id}`, { status: "disabled", reason: "Reported stolen" });
    const started = await s.post("/api/create-payment-intent", details);
    expect(started.body).toMatchObject({ giftCardCents: 0, amountDueCents: 16_199 });
    expect(await balanceOf(id)).toBe(5_000);
  });

  it("12 checkouts at once (12 shoppers) spend one card: the total spent is its balance, never more, never negative", async () => {
    const { id, code } = await issue(30_000);
    const shoppers = await Promise.all(Array.from({ length: 12 }, () => shopper()));
    for (const s of shoppers) expect((await redeem(s, code)).status).toBe(200);
    const answers = await Promise.all(shoppers.map((s) => s.post("/api/create-payment-intent", details)));
    expect(answers.filter((a) => a.status !== 200).map((a) => a.text)).toEqual([]);
    const spent = answers.reduce((sum, a) => sum + a.body.giftCardCents, 0);
    expect(spent).toBe(30_000);
    expect(answers.filter((a) => a.body.giftCardCents > 0)).toHaveLength(2);
    expect(await balanceOf(id)).toBe(0);
    const rows = await server.database.db.select().from(giftCardEntries).where(eq(giftCardEntries.giftCardId, id));
    let running = 0;
    for (const r of rows.sort((x, y) => x.id - y.id)) {
      running += r.amountCents;
      expect(running).toBeGreaterThanOrEqual(0);
    }
  });
});
