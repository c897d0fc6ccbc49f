import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rowsOf } from "../db/rows";
import { stockAlerts, users } from "../db/schema";
import { PASSWORD, registerShopper } from "../test/accounts-helpers";
import { createApiClient } from "../test/api-client";
import { startTestServer, type TestServer } from "../test/test-server";
import { activeAlert, alertRow, backInStockMails, clearAttempts, confirmTokenFor, mailsTo, setStock, variantIdOf } from "./alert-test-helpers";

let server: TestServer;
let shopper: ReturnType<typeof createApiClient>;
let teeM: number;
let teeL: number;
let n = 0;
const nextEmail = () => `waiting${++n}@example.com`;

beforeAll(async () => {
  server = await startTestServer();
  shopper = createApiClient(server.url);
  teeM = await variantIdOf(server.database.db, 4, "Navy", "M");
  teeL = await variantIdOf(server.database.db, 4, "Navy", "L");
});
afterAll(() => server?.close());
beforeEach(async () => {
  await clearAttempts(server.database.db);
  await setStock(server.database.db, teeM, 0);
  await setStock(server.database.db, teeL, 0);
});

describe("POST /api/stock-alerts", () => {
  it("a sold-out size: 202 pending, and a confirmation link (token in the fragment, only its hash stored)", async () => {
    const email = nextEmail();
    const res = await shopper.post("/api/stock-alerts", { variantId: teeM, email: `  ${email.toUpperCase()} ` });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ status: "pending", message: "Check your email to confirm. We'll write once, when it's back." });
    const [mail] = mailsTo(server, email);
    expect(mail!.subject).toBe("Confirm your back-in-stock alert for Essential Crew Tee");
    expect(mail!.text).toContain("You asked us to email you when Essential Crew Tee in Navy, size M is back in stock.");
    expect(mail!.unsubscribeUrl).toBeUndefined();
    const token = confirmTokenFor(server, email);
    expect(mail!.text).toContain(`http://store.test/alerts/confirm#token=${token}`);
    const row = await alertRow(server.database.db, email, teeM);
    expect(row).toMatchObject({ status: "pending", email, userId: null, confirmedAt: null });
    expect(row!.confirmTokenHash).not.toContain(token);
    expect(row!.confirmTokenHash).toHaveLength(43);
  });

  it("confirming turns it on once; the same link again, or a made-up one, is a 400 that says nothing more", async () => {
    const email = nextEmail();
    await shopper.post("/api/stock-alerts", { variantId: teeM, email });
    const token = confirmTokenFor(server, email);
    const confirmed = await shopper.post("/api/stock-alerts/confirm", { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ message: "You're on the list. We'll email you once, when Essential Crew Tee in Navy, size M is back in stock.", link: "/product/4" });
    expect(await alertRow(server.database.db, email, teeM)).toMatchObject({ status: "active", confirmTokenHash: null, confirmedAt: server.clock.now });

    const again = await shopper.post("/api/stock-alerts/confirm", { token });
    const madeUp = await shopper.post("/api/stock-alerts/confirm", { token: "x".repeat(43) });
    const malformed = await shopper.post("/api/stock-alerts/confirm", { token: "short" });
    for (const res of [again, madeUp, malformed]) {
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("bad_request");
    }
    expect(again.body.message).toBe("This link is invalid or has expired. Sign up for the alert again from the product page.");
    expect(madeUp.body).toEqual(again.body);
  });

  it("a size in stock is a 409 with a clear message, and nothing is stored or mailed", async () => {
    await setStock(server.database.db, teeM, 2);
    const email = nextEmail();
    const res = await shopper.post("/api/stock-alerts", { variantId: teeM, email });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: "Essential Crew Tee in Navy, size M is in stock: add it to your cart instead", code: "conflict" });
    expect(await alertRow(server.database.db, email, teeM)).toBeUndefined();
    expect(mailsTo(server, email)).toEqual([]);
  });

  it("an unknown variant is a 404; bad input a 400 naming the field", async () => {
    expect((await shopper.post("/api/stock-alerts", { variantId: 999_999, email: nextEmail() })).status).toBe(404);
    const bad = await shopper.post("/api/stock-alerts", { variantId: "M", email: "not an email", extra: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Invalid alert: variantId: must be a variant id; email: Enter a valid email address; Unknown field: extra");
  });

  it("answers the same whether or not the address is already waiting; an active alert gets no second link", async () => {
    const email = nextEmail();
    await activeAlert(server, shopper, { variantId: teeM, email });
    const mailed = mailsTo(server, email).length;
    const fresh = await shopper.post("/api/stock-alerts", { variantId: teeM, email: nextEmail() });
    const repeat = await shopper.post("/api/stock-alerts", { variantId: teeM, email });
    expect([repeat.status, repeat.body]).toEqual([fresh.status, fresh.body]);
    expect(mailsTo(server, email)).toHaveLength(mailed);
    expect(await alertRow(server.database.db, email, teeM)).toMatchObject({ status: "active" });
  });

  it("signing up again while pending sends a new link, and only the newest works", async () => {
    const email = nextEmail();
    await shopper.post("/api/stock-alerts", { variantId: teeL, email });
    const first = confirmTokenFor(server, email);
    await shopper.post("/api/stock-alerts", { variantId: teeL, email });
    const second = confirmTokenFor(server, email);
    expect(second).not.toBe(first);
    expect((await shopper.post("/api/stock-alerts/confirm", { token: first })).status).toBe(400);
    expect((await shopper.post("/api/stock-alerts/confirm", { token: second })).status).toBe(200);
  });

  it("a signed-in shopper's alert records the account; for the account's own confirmed email it is on at once", async () => {
    const client = createApiClient(server.url);
    const { email, username } = await registerShopper(client);
    const other = nextEmail();
    expect((await client.post("/api/stock-alerts", { variantId: teeM, email: other })).status).toBe(202);
    const [user] = await server.database.db.select().from(users).where(eq(users.username, username));
    expect(await alertRow(server.database.db, other, teeM)).toMatchObject({ status: "pending", userId: user!.id });

    // Unconfirmed account email: the link still decides.
    expect((await client.post("/api/stock-alerts", { variantId: teeL, email })).body.status).toBe("pending");
    await server.database.db.update(users).set({ emailVerifiedAt: server.clock.now }).where(eq(users.id, user!.id));
    const own = await client.post("/api/stock-alerts", { variantId: teeM, email });
    expect(own.status).toBe(201);
    expect(own.body).toEqual({ status: "active", message: "You're on the list. We'll email you once, when it's back." });
    expect(await alertRow(server.database.db, email, teeM)).toMatchObject({ status: "active", userId: user!.id, confirmedAt: server.clock.now });
  });

  it("are in the shopper's data export, and go when the account is deleted", async () => {
    const client = createApiClient(server.url);
    const { email } = await registerShopper(client);
    await client.post("/api/stock-alerts", { variantId: teeM, email });
    const exported = (await client.get("/api/account/export")).body;
    expect(exported.backInStockAlerts).toEqual([{ email, for: "Essential Crew Tee (Navy, M)", status: "pending", createdAt: server.clock.now.toISOString(), notifiedAt: null }]);
    expect((await client.post("/api/account/delete", { password: PASSWORD })).status).toBe(200);
    expect(await alertRow(server.database.db, email, teeM)).toBeUndefined();
  });

  it("rate limits: 5 sign-ups an hour per email, 20 per IP, then 429 with Retry-After", async () => {
    const email = nextEmail();
    for (let i = 0; i < 5; i++) expect((await shopper.post("/api/stock-alerts", { variantId: i % 2 ? teeM : teeL, email })).status).toBe(202);
    const perEmail = await shopper.post("/api/stock-alerts", { variantId: teeM, email });
    expect(perEmail.status).toBe(429);
    expect(perEmail.headers.get("retry-after")).toMatch(/^\d+$/);

    await clearAttempts(server.database.db);
    for (let i = 0; i < 20; i++) expect((await shopper.post("/api/stock-alerts", { variantId: teeM, email: nextEmail() })).status).toBe(202);
    const perIp = await shopper.post("/api/stock-alerts", { variantId: teeM, email: nextEmail() });
    expect(perIp.status).toBe(429);
    expect(perIp.body.message).toMatch(/^Too many attempts/);
  });

  it("unconfirmed sign-ups are tidied after 7 days, and their link stops working", async () => {
    const email = nextEmail();
    await shopper.post("/api/stock-alerts", { variantId: teeM, email });
    const token = confirmTokenFor(server, email);
    const start = server.clock.now;
    try {
      server.clock.now = new Date(start.getTime() + 7 * 86_400_000 + 60_000);
      expect((await shopper.post("/api/stock-alerts/confirm", { token })).status).toBe(400);
      await server.services.alerts.sweep();
      expect(await alertRow(server.database.db, email, teeM)).toBeUndefined();
      // Active alerts are not tidied, however old.
      expect(await server.database.db.$count(stockAlerts, eq(stockAlerts.status, "active"))).toBeGreaterThan(0);
    } finally {
      server.clock.now = start;
    }
  });

  it("unconfirmed alerts never send, even when their size comes back", async () => {
    const email = nextEmail();
    await shopper.post("/api/stock-alerts", { variantId: teeL, email });
    await setStock(server.database.db, teeL, 5);
    await server.services.alerts.send();
    expect(backInStockMails(server, email)).toEqual([]);
    expect(await alertRow(server.database.db, email, teeL)).toMatchObject({ status: "pending", notifiedAt: null });
  });
});

describe("POST /api/stock-alerts/waitlist (the first drop, VSOP, when no drop is named)", () => {
  const dropVariants = sql`variant_id in (select v.id from variants v where v.product_id in (1, 2, 3))`;

  it("is a 409 while any piece of the drop is available", async () => {
    const res = await shopper.post("/api/stock-alerts/waitlist", { email: nextEmail() });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("VSOP Premium Collection isn't sold out: pieces are still available to pre-order");
  });

  it("once every piece is sold out: the VSOP page's sign-up, confirmed by link, stored with its drop and no variant", async () => {
    const saved = await server.database.db.execute(sql`select id, on_hand from variants where product_id in (1, 2, 3)`);
    try {
      await server.database.db.execute(sql`update variants set on_hand = 0, reserved = 0 where product_id in (1, 2, 3)`);
      expect(await server.services.alerts.dropSoldOut()).toBe(true);
      const email = nextEmail();
      const res = await shopper.post("/api/stock-alerts/waitlist", { email });
      expect(res.status).toBe(202);
      expect(mailsTo(server, email)[0]!.subject).toBe("Confirm your place on the VSOP Premium Collection waitlist");
      const confirmed = await shopper.post("/api/stock-alerts/confirm", { token: confirmTokenFor(server, email) });
      expect(confirmed.body).toEqual({ message: "You're on the list. We'll email you once, when VSOP Premium Collection is back in stock.", link: "/vsop" });
      const [vsop] = rowsOf<{ id: number }>(await server.database.db.execute(sql`select id from drops where slug = 'vsop'`));
      expect(await alertRow(server.database.db, email, null)).toMatchObject({ status: "active", variantId: null, dropId: vsop!.id });
      expect(await server.database.db.$count(stockAlerts, dropVariants)).toBe(0);
    } finally {
      for (const row of (saved as unknown as { rows: { id: number; on_hand: number }[] }).rows) await setStock(server.database.db, row.id, row.on_hand);
    }
    expect(await server.services.alerts.dropSoldOut()).toBe(false);
  });
});
