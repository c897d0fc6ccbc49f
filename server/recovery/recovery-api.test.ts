import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MARKETING_CONSENT } from "../../shared/recovery";
import { auditLog, checkoutRecoveries, discountCodes, newsletterSubscribers, orders, settings } from "../db/schema";
import { signedInAdmin, signedInStaff } from "../test/admin-helpers";
import { createApiClient } from "../test/api-client";
import { card, closeOpenOrders, details, setVariantStock } from "../test/checkout-helpers";
import { rawHeader, startSmtpCatcher } from "../test/smtp-catcher";
import { startTestServer, TEST_STORE_URL, type TestServer } from "../test/test-server";
import { decisionsFor, hoodie, later, leaveCheckout, restoreLinkIn } from "./recovery-test-helpers";

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let n = 0;
/** A fresh address per checkout: an address is reminded in one series a week. */
const email = () => `left${++n}-${Date.now()}@example.com`;
const mailsTo = (to: string) => smtp.received.filter((m) => m.envelope.to.includes(to));

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  server = await startTestServer({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});
beforeEach(async () => {
  const db = server.database.db;
  server.clock.now = new Date();
  await closeOpenOrders(db);
  // Checkouts of earlier tests are out of reach of this one's clock.
  await db.update(orders).set({ cartId: null });
  await db.update(settings).set({ recoveryAudience: "consented", recoveryFirstDelayMinutes: 60, recoverySecondDelayMinutes: 1440, recoveryDiscountCode: null });
  await setVariantStock(db, 2, "Black", "M", 10);
});

/** Opens a link like a browser that doesn't follow the redirect, with the shopper's cookies. */
async function open(url: string, shopper = createApiClient(server.url)) {
  const path = url.replace(TEST_STORE_URL, "");
  const cookie = [...shopper.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  for (const set of res.headers.getSetCookie()) {
    const [name, ...value] = set.split(";")[0]!.split("=");
    shopper.jar.set(name!, value.join("="));
  }
  return { status: res.status, location: res.headers.get("location"), text: await res.text(), shopper };
}

describe("the checkout's consent box", () => {
  it("stores when it was ticked and which wording it showed; unticked stores nothing; anything but a boolean is a 400", async () => {
    const db = server.database.db;
    const ticked = await leaveCheckout(createApiClient(server.url), email());
    const [row] = await db.select().from(orders).where(eq(orders.orderNumber, ticked.orderNumber));
    expect(row!.marketingConsentAt?.getTime()).toBe(server.clock.now.getTime());
    expect(row!.marketingConsentWording).toBe(MARKETING_CONSENT.version);

    const unticked = await leaveCheckout(createApiClient(server.url), email(), { consent: false });
    const [plain] = await db.select().from(orders).where(eq(orders.orderNumber, unticked.orderNumber));
    expect(plain).toMatchObject({ marketingConsentAt: null, marketingConsentWording: null });

    const shopper = createApiClient(server.url);
    await shopper.post("/api/cart/items", hoodie);
    const bad = await shopper.post("/api/create-payment-intent", { ...details, marketingConsent: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/marketingConsent/);
  });
});

describe("the two emails", () => {
  it("nothing before the hour; then one email per step, through real SMTP, with the lines, a plain-text part, the restore link and one-click unsubscribe", async () => {
    const to = email();
    await leaveCheckout(createApiClient(server.url), to);
    await later(server, 59);
    expect(mailsTo(to)).toHaveLength(0);
    await later(server, 2);
    await later(server, 1);
    expect(mailsTo(to)).toHaveLength(1);
    const [first] = mailsTo(to);
    expect(first!.parsed.subject).toBe("You left something in your VSOP Apparel cart");
    expect(first!.parsed.text).toContain("1 × VSOP Premium Hoodie");
    expect(first!.parsed.text).toContain("$149.99");
    expect(first!.parsed.html).toContain("Return to my cart");
    expect(restoreLinkIn(first!.parsed.text!)).toMatch(new RegExp(`^${TEST_STORE_URL}/api/cart/restore/`));
    expect(rawHeader(first!.parsed, "List-Unsubscribe-Post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(rawHeader(first!.parsed, "List-Unsubscribe")).toMatch(new RegExp(`^List-Unsubscribe: <${TEST_STORE_URL}/unsubscribe/r\\d+-[\\w-]{43}>$`));
    expect(first!.parsed.text).toContain("Unsubscribe");

    await later(server, 24 * 60);
    await later(server, 60);
    expect(mailsTo(to).map((m) => m.parsed.subject)).toEqual(["You left something in your VSOP Apparel cart", "Your VSOP Apparel cart is still waiting"]);
    expect(await decisionsFor(server, to)).toEqual(["1:sent", "2:sent"]);
  });

  it("says when a line's price changed or it sold out, and the 2nd email alone carries the staff's code", async () => {
    const db = server.database.db;
    await db.insert(discountCodes).values({ code: "COMEBACK10", percentOff: 10 }).onConflictDoNothing();
    await db.update(settings).set({ recoveryDiscountCode: "COMEBACK10" });
    const to = email();
    const shopper = createApiClient(server.url);
    await shopper.post("/api/cart/items", { productId: 3, quantity: 1, size: "M", color: "Default" });
    await leaveCheckout(shopper, to);
    await db.execute(sql`update variants set price_cents = 12999 where product_id = 2`);
    await db.execute(sql`update variants set on_hand = reserved where product_id = 3`);
    await later(server, 61);
    const [first] = mailsTo(to);
    expect(first!.parsed.text).toContain("Price changed: was $149.99, now $129.99");
    expect(first!.parsed.text).toContain("Sold out");
    expect(first!.parsed.text).not.toContain("COMEBACK10");
    await later(server, 24 * 60);
    const second = mailsTo(to)[1]!;
    expect(second.parsed.text).toContain("Use the code COMEBACK10 at checkout for 10% off.");
    await db.execute(sql`update variants set price_cents = 14999 where product_id = 2`);
    await db.execute(sql`update variants set on_hand = 50, reserved = 0 where product_id = 3`);
  });
});

describe("right before each send: every skip is recorded with its reason", () => {
  it("no consent: nothing sent unless the shopper ticked the box or subscribes to the newsletter", async () => {
    const silent = email();
    const subscriber = email();
    await server.database.db.insert(newsletterSubscribers).values({ email: subscriber, source: "newsletter" });
    await leaveCheckout(createApiClient(server.url), silent, { consent: false });
    await leaveCheckout(createApiClient(server.url), subscriber, { consent: false });
    await later(server, 61);
    expect(mailsTo(silent)).toHaveLength(0);
    expect(await decisionsFor(server, silent)).toEqual(["1:skipped:no_consent"]);
    expect(mailsTo(subscriber)).toHaveLength(1);
  });

  it("with the audience set to everyone who gave an email, a shopper who didn't tick the box is emailed", async () => {
    await server.database.db.update(settings).set({ recoveryAudience: "everyone" });
    const to = email();
    await leaveCheckout(createApiClient(server.url), to, { consent: false });
    await later(server, 61);
    expect(mailsTo(to)).toHaveLength(1);
  });

  it("paid since, for any order with that email: skipped", async () => {
    const to = email();
    await leaveCheckout(createApiClient(server.url), to);
    const other = createApiClient(server.url);
    await other.post("/api/cart/items", hoodie);
    const started = await other.post("/api/create-payment-intent", { ...details, email: to.toUpperCase() });
    await later(server, 30);
    expect((await other.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242 4242 4242 4242") })).status).toBe(200);
    await later(server, 31);
    expect(await decisionsFor(server, to)).toEqual(["1:skipped:paid"]);
    expect(mailsTo(to)).toHaveLength(0);
  });

  it("the cart was emptied: skipped", async () => {
    const to = email();
    const shopper = createApiClient(server.url);
    await leaveCheckout(shopper, to);
    await shopper.delete("/api/cart");
    await later(server, 61);
    expect(await decisionsFor(server, to)).toEqual(["1:skipped:empty_cart"]);
  });

  it("every line sold out: skipped", async () => {
    const to = email();
    await leaveCheckout(createApiClient(server.url), to);
    await later(server, 30);
    await server.database.db.execute(sql`update variants set on_hand = reserved where product_id = 2`);
    await later(server, 31);
    expect(await decisionsFor(server, to)).toEqual(["1:skipped:sold_out"]);
    await server.database.db.execute(sql`update variants set on_hand = 50 where product_id = 2`);
  });

  it("unsubscribed with the first email's one-click link: the second is skipped, and the newsletter's own unsubscribe counts too", async () => {
    const to = email();
    await leaveCheckout(createApiClient(server.url), to);
    await later(server, 61);
    const unsubscribe = /<([^>]+)>/.exec(rawHeader(mailsTo(to)[0]!.parsed, "List-Unsubscribe")!)![1]!;
    const oneClick = await fetch(`${server.url}${unsubscribe.replace(TEST_STORE_URL, "")}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(oneClick.status).toBe(200);
    await later(server, 24 * 60);
    expect(await decisionsFor(server, to)).toEqual(["1:sent", "2:skipped:unsubscribed"]);

    const former = email();
    await server.database.db.insert(newsletterSubscribers).values({ email: former, source: "newsletter", unsubscribedAt: new Date() });
    await leaveCheckout(createApiClient(server.url), former);
    await later(server, 61);
    expect(await decisionsFor(server, former)).toEqual(["1:skipped:unsubscribed"]);
  });

  it("a step already sent for that checkout: a second run sends nothing and records already_sent", async () => {
    const to = email();
    await leaveCheckout(createApiClient(server.url), to);
    await later(server, 61);
    const [recovery] = await server.database.db.select().from(checkoutRecoveries).where(eq(checkoutRecoveries.email, to));
    await server.services.recovery.sendStep({ recoveryId: recovery!.id, step: 1 });
    expect(mailsTo(to)).toHaveLength(1);
    expect(await decisionsFor(server, to)).toEqual(["1:sent", "1:skipped:already_sent"]);
  });

  it("a step turned off is never queued; a run for it anyway is skipped turned_off", async () => {
    await server.database.db.update(settings).set({ recoverySecondDelayMinutes: null });
    const to = email();
    await leaveCheckout(createApiClient(server.url), to);
    await later(server, 61);
    await later(server, 3 * 24 * 60);
    expect(await decisionsFor(server, to)).toEqual(["1:sent"]);
    const [recovery] = await server.database.db.select().from(checkoutRecoveries).where(eq(checkoutRecoveries.email, to));
    await server.services.recovery.sendStep({ recoveryId: recovery!.id, step: 2 });
    expect(await decisionsFor(server, to)).toEqual(["1:sent", "2:skipped:turned_off"]);
  });

  it("a job with data that isn't a step is refused before anything is read", async () => {
    await expect(server.services.recovery.sendStep({ recoveryId: "x", step: 3 })).rejects.toThrow();
  });
});

describe("the restore link", () => {
  it("fills a fresh browser's cart on another device, counts the click, and the order paid from it is recovered", async () => {
    const to = email();
    await leaveCheckout(createApiClient(server.url), to);
    await later(server, 61);
    const link = restoreLinkIn(mailsTo(to)[0]!.parsed.text!)!;
    const opened = await open(link);
    expect(opened.status).toBe(303);
    expect(opened.location).toBe("/cart");
    const cart = await opened.shopper.get("/api/cart");
    expect(cart.body.items).toHaveLength(1);
    expect(cart.body.items[0]).toMatchObject({ quantity: 1, size: "M" });

    const started = await opened.shopper.post("/api/create-payment-intent", { ...details, email: to });
    const paid = await opened.shopper.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242 4242 4242 4242") });
    expect(paid.status).toBe(200);

    const staff = await signedInAdmin(server);
    const page = await staff.get("/api/admin/recovery");
    expect(page.status).toBe(200);
    expect(page.body.report.total).toMatchObject({ opened: 1, recovered: 1 });
    expect(page.body.report.total.revenueCents).toBe(Math.round(started.body.total * 100));
    const metrics = await server.services.metrics.render();
    expect(metrics).toMatch(/^store_recovery_orders_recovered_total 1$/m);
    expect(metrics).toMatch(/^store_recovery_emails_skipped_total\{reason="no_consent"\} \d+$/m);

    // Used after the purchase: refused.
    const again = await open(link);
    expect(again.status).toBe(409);
    expect(again.text).toContain("already placed your order");
  });

  it("a forged or cut link is a 400, an expired one a 410, and neither touches a cart", async () => {
    const to = email();
    await leaveCheckout(createApiClient(server.url), to);
    await later(server, 61);
    const link = restoreLinkIn(mailsTo(to)[0]!.parsed.text!)!;
    const forged = link.slice(0, -2) + (link.endsWith("AA") ? "BB" : "AA");
    expect((await open(forged)).status).toBe(400);
    expect((await open(link.replace(/\.([12])\./, (_m, s: string) => `.${s === "1" ? 2 : 1}.`))).status).toBe(400);
    expect((await open(`${TEST_STORE_URL}/api/cart/restore/not-a-token`)).status).toBe(400);
    const fresh = await open(forged);
    expect(fresh.shopper.jar.size).toBe(0);
    server.clock.now = new Date(server.clock.now.getTime() + 8 * 24 * 60 * 60_000);
    const expired = await open(link);
    expect(expired.status).toBe(410);
    expect(expired.text).toContain("expired");
  });
});

describe("the staff settings", () => {
  it("are saved whole, checked, audited, and need the settings permission", async () => {
    const db = server.database.db;
    await db.insert(discountCodes).values({ code: "COMEBACK10", percentOff: 10 }).onConflictDoNothing();
    const staff = await signedInAdmin(server);
    const saved = await staff.put("/api/admin/recovery/settings", { audience: "everyone", firstDelayMinutes: 90, secondDelayMinutes: null, discountCode: "comeback10" });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ audience: "everyone", firstDelayMinutes: 90, secondDelayMinutes: null, discountCode: "COMEBACK10" });
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "recovery"));
    expect(entry).toMatchObject({ entity: "setting", after: { recoveryAudience: "everyone", recoveryFirstDelayMinutes: 90, recoverySecondDelayMinutes: null, recoveryDiscountCode: "COMEBACK10" } });

    for (const bad of [
      { audience: "all", firstDelayMinutes: 60, secondDelayMinutes: 1440, discountCode: null },
      { audience: "everyone", firstDelayMinutes: 5, secondDelayMinutes: 1440, discountCode: null },
      { audience: "everyone", firstDelayMinutes: 600, secondDelayMinutes: 60, discountCode: null },
      { audience: "everyone", firstDelayMinutes: 60, secondDelayMinutes: 1440, discountCode: "NOPE" },
      { audience: "everyone", firstDelayMinutes: 60, secondDelayMinutes: 1440, discountCode: null, extra: 1 },
      { audience: "everyone" },
    ]) {
      const res = await staff.put("/api/admin/recovery/settings", bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const { client: fulfilment } = await signedInStaff(server, "fulfilment");
    expect((await fulfilment.put("/api/admin/recovery/settings", { audience: "consented", firstDelayMinutes: 60, secondDelayMinutes: 1440, discountCode: null })).status).toBe(403);
    expect((await createApiClient(server.url).get("/api/admin/recovery")).status).toBe(401);
  });
});
