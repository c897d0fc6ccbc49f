import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { stockAlerts } from "../db/schema";
import { createLogger } from "../logger";
import { createApiClient } from "../test/api-client";
import { signedInAdmin } from "../test/admin-helpers";
import { card, details } from "../test/checkout-helpers";
import { createMemoryMailer } from "../test/memory-mailer";
import { startTestServer, type TestServer } from "../test/test-server";
import { unsubscribeLinks } from "../unsubscribe/unsubscribe-links";
import { activeAlert, alertRow, backInStockMails, clearAttempts, setStock, variantIdOf } from "./alert-test-helpers";
import { sendStockAlerts } from "./send-alerts";

let server: TestServer;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
const shopper = () => createApiClient(server.url);
let n = 0;
const nextEmail = () => `restock${++n}@example.com`;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAdmin(server);
});
afterAll(() => server?.close());
beforeEach(() => clearAttempts(server.database.db));

/** A sold-out variant of the Essential Crew Tee (product 4) with one confirmed alert waiting for it. */
async function waitingFor(color: string, size: string) {
  const variantId = await variantIdOf(server.database.db, 4, color, size);
  await setStock(server.database.db, variantId, 0);
  const email = nextEmail();
  await activeAlert(server, shopper(), { variantId, email });
  return { variantId, email };
}

/** The one back-in-stock email sent to `email`, after the kicked sender is done and a second run sent nothing more. */
async function expectOneEmail(email: string, variantId: number) {
  await server.services.alerts.settled();
  expect(await server.services.alerts.send()).toBe(0);
  const mails = backInStockMails(server, email);
  expect(mails).toHaveLength(1);
  const row = await alertRow(server.database.db, email, variantId);
  expect(row).toMatchObject({ status: "notified", notifiedAt: expect.any(Date), claimedAt: null });
  return mails[0]!;
}

describe("back-in-stock emails: one per alert, whatever put the stock back", () => {
  it("a staff stock change: the email names product, colour and size, links the product page and unsubscribes in one click", async () => {
    const { variantId, email } = await waitingFor("Navy", "M");
    const res = await admin.patch(`/api/admin/variants/${variantId}`, { onHand: 3 });
    expect(res.status).toBe(200);
    const mail = await expectOneEmail(email, variantId);
    expect(mail.subject).toBe("Back in stock: Essential Crew Tee (Navy, M)");
    expect(mail.text).toContain("Good news: Essential Crew Tee in Navy, size M is available again.");
    expect(mail.text).toContain("http://store.test/product/4");
    expect(mail.unsubscribeUrl).toMatch(/^http:\/\/store\.test\/unsubscribe\/a\d+-[\w-]{43}$/);
    expect(mail.text).toContain(mail.unsubscribeUrl);
    expect(mail.text).toContain((await server.services.settings.identity()).postalAddress);
  });

  it("the bulk editor", async () => {
    const { variantId, email } = await waitingFor("Navy", "S");
    expect((await admin.post("/api/admin/bulk-edit", { variants: [{ id: variantId, onHand: 2 }] })).status).toBe(200);
    await expectOneEmail(email, variantId);
  });

  it("a Shopify CSV import", async () => {
    const csv = (qty: number) => `Handle,Title,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant Price,Variant Inventory Qty\nalert-import-tee,Alert Import Tee,Color,Black,Size,M,30.00,${qty}\n`;
    expect((await admin.post("/api/admin/catalog/import", { csv: csv(0), dryRun: false })).status).toBe(200);
    const productId = (await admin.get("/api/admin/products?q=alert-import-tee")).body.products[0].id as number;
    const variantId = await variantIdOf(server.database.db, productId, "Black", "M");
    const email = nextEmail();
    await activeAlert(server, shopper(), { variantId, email });
    expect((await admin.post("/api/admin/catalog/import", { csv: csv(4), dryRun: true })).status).toBe(200);
    await server.services.alerts.settled();
    expect(backInStockMails(server, email)).toEqual([]);
    expect((await admin.post("/api/admin/catalog/import", { csv: csv(4), dryRun: false })).status).toBe(200);
    const mail = await expectOneEmail(email, variantId);
    expect(mail.subject).toBe("Back in stock: Alert Import Tee (Black, M)");
  });

  it("a canceled order puts its units back", async () => {
    const variantId = await variantIdOf(server.database.db, 4, "White", "L");
    await setStock(server.database.db, variantId, 1);
    const buyer = shopper();
    await buyer.post("/api/cart/items", { productId: 4, quantity: 1, color: "White", size: "L" });
    const started = await buyer.post("/api/create-payment-intent", details);
    await buyer.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") });
    const email = nextEmail();
    await activeAlert(server, shopper(), { variantId, email });
    expect((await admin.post(`/api/admin/orders/${started.body.orderNumber}/status`, { status: "canceled" })).status).toBe(200);
    await expectOneEmail(email, variantId);
  });

  it("a checkout's reservation that expires", async () => {
    const variantId = await variantIdOf(server.database.db, 4, "White", "XL");
    await setStock(server.database.db, variantId, 1);
    const buyer = shopper();
    await buyer.post("/api/cart/items", { productId: 4, quantity: 1, color: "White", size: "XL" });
    expect((await buyer.post("/api/create-payment-intent", details)).status).toBe(200);
    const email = nextEmail();
    await activeAlert(server, shopper(), { variantId, email });
    const start = server.clock.now;
    try {
      server.clock.now = new Date(start.getTime() + 16 * 60_000);
      expect(await server.services.checkout.expireStaleOrders()).toBe(1);
      await expectOneEmail(email, variantId);
    } finally {
      server.clock.now = start;
    }
  });

  it("stock that is gone again by the time of sending: no email, and the alert stays active for the next time", async () => {
    const { variantId, email } = await waitingFor("Gray", "M");
    await setStock(server.database.db, variantId, 1);
    // The sender claims the alert while the unit is free; a shopper takes it before the email is written.
    let claims = 0;
    const db = new Proxy(server.database.db, {
      get(target, key, receiver) {
        if (key !== "execute") return Reflect.get(target, key, receiver);
        return async (query: Parameters<Database["execute"]>[0]) => {
          const result = await target.execute(query);
          if (claims++ === 0) await setStock(target, variantId, 0);
          return result;
        };
      },
    });
    const links = unsubscribeLinks({ db: server.database.db, storeUrl: "http://store.test", now: () => server.clock.now });
    const deps = { db, mailer: server.mailer, logger: createLogger("silent"), now: () => server.clock.now, storeUrl: "http://store.test", storeIdentity: server.services.settings.identity, links };
    expect(await sendStockAlerts(deps)).toBe(0);
    expect(claims).toBeGreaterThan(1);
    expect(backInStockMails(server, email)).toEqual([]);
    expect(await alertRow(server.database.db, email, variantId)).toMatchObject({ status: "active", claimedAt: null, notifiedAt: null });

    await admin.patch(`/api/admin/variants/${variantId}`, { onHand: 1 });
    await expectOneEmail(email, variantId);
  });

  // 120 sign-ups through the API and 120 emails rendered: on a busy 2-core machine this takes more than the default 30 s.
  it("two senders at once (two processes' sweeps) send each of 120 alerts exactly once", { timeout: 120_000 }, async () => {
    const variantId = await variantIdOf(server.database.db, 4, "Gray", "L");
    await setStock(server.database.db, variantId, 0);
    const emails = Array.from({ length: 120 }, () => nextEmail());
    for (const email of emails) {
      await clearAttempts(server.database.db);
      await activeAlert(server, shopper(), { variantId, email });
    }
    await setStock(server.database.db, variantId, 5);
    const senders = [createMemoryMailer(), createMemoryMailer()].map((mailer) => ({
      mailer,
      deps: {
        db: server.database.db,
        mailer,
        logger: createLogger("silent"),
        now: () => server.clock.now,
        storeUrl: "http://store.test",
        storeIdentity: server.services.settings.identity,
        links: unsubscribeLinks({ db: server.database.db, storeUrl: "http://store.test", now: () => server.clock.now }),
      },
    }));
    const counts = await Promise.all(senders.map((s) => sendStockAlerts(s.deps)));
    expect(counts[0]! + counts[1]!).toBe(120);
    const sent = senders.flatMap((s) => s.mailer.sent.map((m) => m.to)).sort();
    expect(sent).toEqual([...emails].sort());
    expect(new Set(sent).size).toBe(120);
    expect(backInStockMails(server).filter((m) => emails.includes(m.to))).toEqual([]);
  });

  it("an alert claimed by a process that died is sent by another once the lease has run out", async () => {
    const { variantId, email } = await waitingFor("Black", "XL");
    const row = await alertRow(server.database.db, email, variantId);
    await server.database.db.update(stockAlerts).set({ claimedAt: server.clock.now }).where(eq(stockAlerts.id, row!.id));
    await setStock(server.database.db, variantId, 2);
    expect(await server.services.alerts.send()).toBe(0);
    const start = server.clock.now;
    try {
      server.clock.now = new Date(start.getTime() + 16 * 60_000);
      expect(await server.services.alerts.send()).toBe(1);
      await expectOneEmail(email, variantId);
    } finally {
      server.clock.now = start;
    }
  });
});
