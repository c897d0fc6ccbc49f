import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropInvitations, dropPasses, drops, marketingOptOuts, newsletterSubscribers, stockAlerts, variants } from "../../db/schema";
import { createApiClient } from "../../test/api-client";
import { rawHeader, startSmtpCatcher, type CaughtMail } from "../../test/smtp-catcher";
import { startTestServer, TEST_STORE_URL, type TestServer } from "../../test/test-server";
import { dropPassCookie, passAdmits, readDropPass } from "../drop-pass";
import { advance, freeProduct, makeDrop } from "../gate/gate-test-helpers";

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  server = await startTestServer({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const MINUTE = 60_000;
let unique = 0;
const address = (name: string) => `${name}-${++unique}@example.com`;
const earlyMails = (slug: string) => smtp.received.filter((m) => m.raw.includes(`/drops/${slug}/early-access?token=`));
const recipients = (mails: CaughtMail[]) => mails.map((m) => m.envelope.to[0]!).sort();
const tokenOf = (mail: CaughtMail) => /early-access\?token=([A-Za-z0-9_-]{43})/.exec(mail.parsed.text ?? "")![1]!;

/** A drop in its early phase (early access from a minute ago, open in an hour), of a product in no other drop. */
async function earlyDrop({ early = -1, opens = 60 } = {}) {
  server.clock.now = new Date();
  const item = await freeProduct(server.database.db);
  const drop = await makeDrop(server, { productId: item.productId, announce: -60, early, opens });
  return { drop, item };
}

/** The audience: who must get the email and who must not. */
async function subscribers(productId: number) {
  const db = server.database.db;
  const [variant] = await db.select({ id: variants.id }).from(variants).where(eq(variants.productId, productId)).limit(1);
  const [other] = await db.select({ id: variants.id }).from(variants).where(eq(variants.productId, productId === 5 ? 6 : 5)).limit(1);
  const who = { reader: address("reader"), both: address("both"), waiting: address("waiting"), gone: address("gone"), optedOut: address("opted-out"), unconfirmed: address("unconfirmed"), elsewhere: address("elsewhere") };
  const at = server.clock.now;
  await db.insert(newsletterSubscribers).values([
    { email: who.reader, source: "footer" },
    { email: who.both.toUpperCase(), source: "footer" },
    { email: who.gone, source: "footer", unsubscribedAt: at },
    { email: who.optedOut, source: "footer" },
  ]);
  await db.insert(marketingOptOuts).values({ email: who.optedOut, at });
  await db.insert(stockAlerts).values([
    { variantId: variant!.id, email: who.both, status: "active", confirmedAt: at },
    { variantId: variant!.id, email: who.waiting, status: "active", confirmedAt: at },
    { variantId: variant!.id, email: who.gone, status: "active", confirmedAt: at },
    { variantId: variant!.id, email: who.unconfirmed, status: "pending" },
    { variantId: other!.id, email: who.elsewhere, status: "active", confirmedAt: at },
  ]);
  return who;
}

const redeem = (client: ReturnType<typeof createApiClient>, slug: string, body: unknown) => client.post(`/api/drops/${slug}/early-access`, body);

describe("early-access invitations", () => {
  it("invite each consenting subscriber once, even when run twice or by two callers at once", async () => {
    const { drop, item } = await earlyDrop();
    const who = await subscribers(item.productId);
    const early = server.services.drops.earlyAccess;
    const [a, b] = await Promise.all([early.invite({ dropId: drop.id }), early.invite({ dropId: drop.id })]);
    await early.sweep();
    await early.invite({ dropId: drop.id });

    const mine = recipients(earlyMails(drop.slug)).filter((to) => Object.values(who).includes(to));
    expect(mine).toEqual([who.both, who.reader, who.waiting].sort());
    // Every address of the audience got exactly one, whichever caller sent it.
    const all = recipients(earlyMails(drop.slug));
    expect(new Set(all).size).toBe(all.length);
    expect(a + b).toBe(all.length);
    const rows = await server.database.db.select().from(dropInvitations).where(eq(dropInvitations.dropId, drop.id));
    expect(rows.map((r) => r.email).sort()).toEqual(all);
    expect(rows.every((r) => r.sentAt !== null && r.usedAt === null)).toBe(true);
  });

  it("send nothing before earlyAccessAt; the minute sweep sends once it has come", async () => {
    const { drop, item } = await earlyDrop({ early: 30 });
    await subscribers(item.productId);
    expect(await server.services.drops.earlyAccess.invite({ dropId: drop.id })).toBe(0);
    advance(server, 31);
    expect(await server.services.drops.earlyAccess.sweep()).toBeGreaterThanOrEqual(1);
    expect(earlyMails(drop.slug).length).toBeGreaterThan(0);
  });

  it("carry the drop's window, the single-use link (only its hash stored) and the RFC 8058 unsubscribe headers", async () => {
    const { drop, item } = await earlyDrop();
    const who = await subscribers(item.productId);
    await server.services.drops.earlyAccess.invite({ dropId: drop.id });
    const reader = earlyMails(drop.slug).find((m) => m.envelope.to[0] === who.reader)!;
    const waiting = earlyMails(drop.slug).find((m) => m.envelope.to[0] === who.waiting)!;
    expect(reader.parsed.subject).toBe("Your early access to Winter drop");
    expect(reader.parsed.text).toMatch(/from [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC until the open at [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC/);
    expect(reader.parsed.text).toContain(`${TEST_STORE_URL}/drops/${drop.slug}/early-access?token=`);

    expect(rawHeader(reader.parsed, "List-Unsubscribe")).toMatch(new RegExp(`^List-Unsubscribe: <${TEST_STORE_URL}/unsubscribe/n\\d+-[A-Za-z0-9_-]{43}>$`));
    expect(rawHeader(waiting.parsed, "List-Unsubscribe")).toMatch(new RegExp(`^List-Unsubscribe: <${TEST_STORE_URL}/unsubscribe/a\\d+-[A-Za-z0-9_-]{43}>$`));
    expect(rawHeader(reader.parsed, "List-Unsubscribe-Post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");

    const token = tokenOf(reader);
    expect(tokenOf(waiting)).not.toBe(token);
    const [row] = await server.database.db.select().from(dropInvitations).where(and(eq(dropInvitations.dropId, drop.id), eq(dropInvitations.email, who.reader)));
    expect(row!.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
  });

  it("invite a drop's own waitlist, and not another drop's", async () => {
    const { drop } = await earlyDrop();
    const db = server.database.db;
    const [vsop] = await db.select({ id: drops.id }).from(drops).where(eq(drops.slug, "vsop"));
    const listed = address("listed");
    const otherList = address("other-list");
    await db.insert(stockAlerts).values([
      { dropId: drop.id, email: listed, status: "active", confirmedAt: server.clock.now },
      { dropId: vsop!.id, email: otherList, status: "active", confirmedAt: server.clock.now },
    ]);
    await server.services.drops.earlyAccess.invite({ dropId: drop.id });
    const mails = earlyMails(drop.slug);
    expect(recipients(mails)).toContain(listed);
    expect(recipients(mails)).not.toContain(otherList);
    const toListed = mails.find((m) => m.envelope.to[0] === listed)!;
    // Its Unsubscribe link ends the waitlist row it came through.
    expect(rawHeader(toListed.parsed, "List-Unsubscribe")).toMatch(new RegExp(`^List-Unsubscribe: <${TEST_STORE_URL}/unsubscribe/a\\d+-[A-Za-z0-9_-]{43}>$`));
  });
});

describe("redeeming an early-access link", () => {
  it("works once: the pass it sets is the gate's, so the drop sells early to its holder and to nobody else", async () => {
    const { drop, item } = await earlyDrop();
    const who = await subscribers(item.productId);
    await server.services.drops.earlyAccess.invite({ dropId: drop.id });
    const token = tokenOf(earlyMails(drop.slug).find((m) => m.envelope.to[0] === who.reader)!);
    const add = { productId: item.productId, color: item.color, size: item.size, quantity: 1 };

    const holder = createApiClient(server.url);
    expect((await holder.post("/api/cart/items", add)).status).toBe(409);
    const res = await redeem(holder, drop.slug, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: "You have early access to Winter drop", drop: { name: "Winter drop", slug: drop.slug } });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${dropPassCookie(drop.id)}=`))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);

    const pass = readDropPass(await server.services.drops.passKey(), holder.jar.get(dropPassCookie(drop.id)))!;
    expect(pass).toMatchObject({ kind: "early", dropId: drop.id });
    expect(passAdmits(pass, server.clock.now)).toBe(true);
    // The early window lasts until the open, then the drop's minutes to finish.
    expect(pass.expiresAt.getTime()).toBe(drop.opensAt.getTime() + drop.checkoutMinutes * MINUTE);
    const [row] = await server.database.db.select().from(dropPasses).where(eq(dropPasses.id, pass.passId));
    expect(row).toMatchObject({ kind: "early", dropId: drop.id });

    expect((await holder.post("/api/cart/items", add)).status).toBe(201);
    expect((await createApiClient(server.url).post("/api/cart/items", add)).status).toBe(409);

    const again = await redeem(createApiClient(server.url), drop.slug, { token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This early-access link has already been used.");
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it("gives one pass for two clicks at once", async () => {
    const { drop, item } = await earlyDrop();
    const who = await subscribers(item.productId);
    await server.services.drops.earlyAccess.invite({ dropId: drop.id });
    const token = tokenOf(earlyMails(drop.slug).find((m) => m.envelope.to[0] === who.waiting)!);
    const answers = await Promise.all([0, 1, 2].map(() => redeem(createApiClient(server.url), drop.slug, { token })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await server.database.db.$count(dropPasses, eq(dropPasses.dropId, drop.id))).toBe(1);
  });

  it("refuses forged, other drops', used and expired links with their messages, never a pass", async () => {
    const { drop, item } = await earlyDrop();
    const who = await subscribers(item.productId);
    await server.services.drops.earlyAccess.invite({ dropId: drop.id });
    const token = tokenOf(earlyMails(drop.slug).find((m) => m.envelope.to[0] === who.reader)!);
    const client = createApiClient(server.url);
    const refused = async (slug: string, body: unknown, status: number, message: string | RegExp) => {
      const res = await redeem(client, slug, body);
      expect(res.status).toBe(status);
      expect(res.body.message).toMatch(message);
      expect(res.headers.getSetCookie()).toEqual([]);
    };
    const forged = `${token.slice(0, 42)}${token.endsWith("A") ? "B" : "A"}`;
    await refused(drop.slug, { token: forged }, 400, "This early-access link is not valid.");
    await refused(drop.slug, { token: "not-a-token" }, 400, "This early-access link is not valid.");
    await refused("vsop", { token }, 400, "This early-access link is not valid.");
    await refused("no-such-drop", { token }, 400, "This early-access link is not valid.");

    // Bad bodies.
    await refused(drop.slug, {}, 400, /^Invalid request: token/);
    await refused(drop.slug, { token: 12 }, 400, /^Invalid request: token/);
    await refused(drop.slug, { token, extra: true }, 400, /Unknown field: extra/);
    await refused(drop.slug, { token: "x".repeat(500) }, 400, /token is too long/);
    expect((await client.post(`/api/drops/${drop.slug}/early-access`, "token")).status).toBe(400);

    // Closed: the drop's pre-orders ended.
    advance(server, 601);
    await refused(drop.slug, { token }, 409, "This early-access link has expired.");
    const [row] = await server.database.db.select().from(dropInvitations).where(eq(dropInvitations.tokenHash, createHash("sha256").update(token).digest("hex")));
    expect(row!.usedAt).toBeNull();
  });

  it("refuses a link before earlyAccessAt (the drop was moved later) as expired", async () => {
    const { drop, item } = await earlyDrop();
    const who = await subscribers(item.productId);
    await server.services.drops.earlyAccess.invite({ dropId: drop.id });
    const token = tokenOf(earlyMails(drop.slug).find((m) => m.envelope.to[0] === who.reader)!);
    advance(server, -5);
    const res = await redeem(createApiClient(server.url), drop.slug, { token });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This early-access link has expired.");
  });
});
