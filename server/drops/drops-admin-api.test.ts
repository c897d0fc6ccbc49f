/** Staff's drops (issue 48): GET/POST /api/admin/drops, GET/PATCH/DELETE /api/admin/drops/{id}, live, report and CSV. */
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropInvitations, dropPasses, orders, products, refunds, stockAlerts, variants } from "../db/schema";
import { signedInAdmin, signedInStaff } from "../test/admin-helpers";
import { createApiClient } from "../test/api-client";
import { registerShopper } from "../test/accounts-helpers";
import { card, details } from "../test/checkout-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
let staff: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  server = await startTestServer();
  staff = await signedInAdmin(server);
});
afterAll(() => server?.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** An instant from now (the server clock is now, except inside the tests that move it and put it back). */
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
/** A drop of products 4 and 5 (not VSOP's), announced in an hour and opening in three. */
const winter = (extra: Record<string, unknown> = {}) => ({
  name: "Winter drop",
  slug: "winter-drop",
  productIds: [4, 5],
  announceAt: at(HOUR),
  earlyAccessAt: at(2 * HOUR),
  opensAt: at(3 * HOUR),
  preorderClosesAt: at(10 * DAY),
  shipsAt: at(20 * DAY),
  perCustomerLimit: { perProduct: 2, perDrop: 3 },
  freeShipping: true,
  admitPerMinute: 60,
  checkoutMinutes: 8,
  ...extra,
});
const vsopId = async () => ((await staff.get("/api/admin/drops")).body.drops as { id: number; slug: string }[]).find((d) => d.slug === "vsop")!.id;
const productName = async (id: number) => (await server.database.db.select({ name: products.name }).from(products).where(eq(products.id, id)))[0]!.name;

describe("creating, reading and changing drops", () => {
  let id: number;
  let opensAt: string;

  it("creates a drop with a default page, lists it with its phase and figures, and reads it with its products", async () => {
    const res = await staff.post("/api/admin/drops", winter());
    expect(res.status).toBe(201);
    id = res.body.id;
    opensAt = res.body.opensAt;
    expect(res.body).toMatchObject({
      name: "Winter drop",
      slug: "winter-drop",
      phase: "scheduled",
      productIds: [4, 5],
      perCustomerLimit: { perProduct: 2, perDrop: 3 },
      freeShipping: true,
      limitedQuantities: true,
      admitPerMinute: 60,
      checkoutMinutes: 8,
      archivedAt: null,
      page: [
        { type: "drop_hero", settings: {} },
        { type: "drop_products", settings: {} },
      ],
    });
    const listed = (await staff.get("/api/admin/drops")).body.drops;
    expect(listed.find((d: { id: number }) => d.id === id)).toMatchObject({ phase: "scheduled", productCount: 2, unitsSold: 0 });
    expect(listed.find((d: { slug: string }) => d.slug === "vsop")).toMatchObject({ phase: "open", productCount: 3 });
    const one = await staff.get(`/api/admin/drops/${id}`);
    expect(one.body.products).toEqual([
      { id: 4, name: await productName(4), status: expect.any(String) },
      { id: 5, name: await productName(5), status: expect.any(String) },
    ]);
    // Every process's drop index hears it: the storefront's drop rules see it at once.
    expect((await server.services.drops.index.bySlug("winter-drop"))?.productIds).toEqual([4, 5]);
    server.clock.now = new Date(Date.now() + 2.5 * HOUR);
    try {
      expect(await server.services.drops.index.dropOf(4)).toMatchObject({ phase: "early" });
    } finally {
      server.clock.now = new Date();
    }
  });

  it("changes any part, checks the dates against the stored ones, and writes each change to the audit log", async () => {
    const res = await staff.patch(`/api/admin/drops/${id}`, { name: "Winter drop 2026", productIds: [5, 4], page: [{ type: "faq", settings: { items: [{ question: "When?", answer: "Soon." }] } }] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Winter drop 2026", slug: "winter-drop", productIds: [5, 4], opensAt, page: [{ type: "faq" }] });
    const early = await staff.patch(`/api/admin/drops/${id}`, { opensAt: at(30 * 60_000) });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe("Invalid drop: opensAt: must not be before earlyAccessAt");
    expect((await staff.patch(`/api/admin/drops/${id}`, { shipsAt: at(5 * DAY) })).body.message).toBe("Invalid drop: shipsAt: must not be before preorderClosesAt");
    expect((await staff.patch(`/api/admin/drops/${id}`, { earlyAccessAt: null, perCustomerLimit: { perDrop: null }, admitPerMinute: null })).body).toMatchObject({
      earlyAccessAt: null,
      perCustomerLimit: { perProduct: 2, perDrop: null },
      admitPerMinute: null,
    });
    const log = (await staff.get(`/api/admin/audit?entity=drop&entityId=${id}`)).body.entries;
    expect(log.map((e: { action: string }) => e.action)).toEqual(["update", "update", "create"]);
    expect(log[1]).toMatchObject({ actor: expect.stringMatching(/^staff:/), before: { name: "Winter drop", productIds: [4, 5] }, after: { name: "Winter drop 2026", productIds: [5, 4] } });
  });

  it("refuses dates out of order, naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ opensAt: at(30 * 60_000), earlyAccessAt: null }, "opensAt: must not be before announceAt"],
      [{ earlyAccessAt: at(0) }, "earlyAccessAt: must not be before announceAt"],
      [{ preorderClosesAt: at(3 * HOUR) }, "preorderClosesAt: must be after opensAt"],
      [{ shipsAt: at(9 * DAY) }, "shipsAt: must not be before preorderClosesAt"],
    ];
    for (const [change, message] of cases) {
      const res = await staff.post("/api/admin/drops", winter({ slug: "out-of-order", ...change }));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`Invalid drop: ${message}`);
    }
  });

  it("refuses a product already in another drop at that time (409 naming it), and a taken slug", async () => {
    const hoodie = await productName(2);
    const clash = await staff.post("/api/admin/drops", winter({ slug: "clash", productIds: [6, 2], announceAt: at(-HOUR), earlyAccessAt: null, opensAt: at(0) }));
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(`${hoodie} is already in the drop VSOP Premium Collection (vsop) at that time`);
    const patched = await staff.patch(`/api/admin/drops/${id}`, { productIds: [4, 1] });
    expect(patched.status).toBe(409);
    expect(patched.body.message).toBe(`${await productName(1)} is already in the drop VSOP Premium Collection (vsop) at that time`);
    // After VSOP closes, its pieces may go into the next drop.
    const later = await staff.post("/api/admin/drops", winter({ slug: "spring-drop", name: "Spring drop", productIds: [2], announceAt: at(40 * DAY), earlyAccessAt: null, opensAt: at(41 * DAY), preorderClosesAt: at(50 * DAY), shipsAt: at(60 * DAY) }));
    expect(later.status).toBe(201);
    const taken = await staff.post("/api/admin/drops", winter({ productIds: [6] }));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("The address /drops/winter-drop is taken by the drop Winter drop 2026: choose another slug");
    expect((await staff.patch(`/api/admin/drops/${later.body.id}`, { slug: "vsop" })).status).toBe(409);
    expect((await staff.delete(`/api/admin/drops/${later.body.id}`)).status).toBe(200);
  });

  it("archives (leaving every drop rule) and restores, checking overlaps again", async () => {
    const archived = await staff.post(`/api/admin/drops/${id}/archive`, {});
    expect(archived.status).toBe(200);
    expect(archived.body.archivedAt).not.toBeNull();
    expect(await server.services.drops.index.bySlug("winter-drop")).toBeNull();
    // While it is archived, its products are free for another drop; restoring it then clashes.
    const other = await staff.post("/api/admin/drops", winter({ slug: "winter-two", productIds: [4] }));
    expect(other.status).toBe(201);
    const restore = await staff.post(`/api/admin/drops/${id}/restore`, {});
    expect(restore.status).toBe(409);
    expect(restore.body.message).toBe(`${await productName(4)} is already in the drop Winter drop (winter-two) at that time`);
    expect((await staff.delete(`/api/admin/drops/${other.body.id}`)).status).toBe(200);
    expect((await staff.get(`/api/admin/drops/${other.body.id}`)).status).toBe(404);
    expect((await staff.post(`/api/admin/drops/${id}/restore`, {})).body.archivedAt).toBeNull();
    expect((await server.services.drops.index.bySlug("winter-drop"))?.id).toBe(id);
    const log = (await staff.get(`/api/admin/audit?entity=drop&entityId=${id}`)).body.entries.map((e: { action: string }) => e.action);
    expect(log.slice(0, 2)).toEqual(["restore", "archive"]);
    expect((await staff.delete(`/api/admin/drops/${id}`)).status).toBe(200);
  });

  it("finds products for the picker, drafts included, with the drops they are in", async () => {
    const res = await staff.get("/api/admin/drops/products?q=vsop");
    expect(res.status).toBe(200);
    expect(res.body.products.length).toBeGreaterThanOrEqual(3);
    expect(res.body.products.find((p: { id: number }) => p.id === 2)).toMatchObject({ drops: ["VSOP Premium Collection"] });
    await server.database.db.update(products).set({ status: "draft" }).where(eq(products.id, 6));
    try {
      const name = await productName(6);
      expect((await staff.get(`/api/admin/drops/products?q=${encodeURIComponent(name)}`)).body.products[0]).toMatchObject({ id: 6, status: "draft", drops: [] });
    } finally {
      await server.database.db.update(products).set({ status: "active" }).where(eq(products.id, 6));
    }
  });
});

describe("bad input and who may", () => {
  it.each([
    [{ ...winter({ slug: "x1" }), extra: 1 }, "Unknown field: extra"],
    [winter({ slug: "Not A Slug!" }), "slug: use lower-case letters"],
    [winter({ slug: "x2", productIds: [] }), "productIds: pick at least one product"],
    [winter({ slug: "x3", productIds: [4, 4] }), "productIds: lists a product twice"],
    [winter({ slug: "x4", productIds: ["4"] }), "productIds.0: must be a product's id"],
    [winter({ slug: "x5", productIds: [999999] }), "productIds: there is no product 999999"],
    [winter({ slug: "x6", opensAt: "tomorrow" }), "opensAt: must be a date and time with its offset"],
    [winter({ slug: "x7", opensAt: "2026-12-01T09:00:00" }), "opensAt: must be a date and time with its offset"],
    [winter({ slug: "x8", perCustomerLimit: { perProduct: 0 } }), "perCustomerLimit.perProduct: must be at least 1"],
    [winter({ slug: "x9", perCustomerLimit: { perProduct: 100 } }), "perCustomerLimit.perProduct: must be at most 99"],
    [winter({ slug: "x10", perCustomerLimit: { each: 1 } }), "perCustomerLimit: Unknown field: each"],
    [winter({ slug: "x11", admitPerMinute: 1.5 }), "admitPerMinute: must be a whole number"],
    [winter({ slug: "x12", checkoutMinutes: 0 }), "checkoutMinutes: must be at least 1"],
    [winter({ slug: "x13", freeShipping: "yes" }), "freeShipping: must be true or false"],
    [{ name: "No dates", slug: "x14", productIds: [4], freeShipping: true }, "announceAt"],
    [winter({ slug: "x15", page: [{ type: "carousel", settings: {} }] }), "page.0.type: must be one of the drop page's block types"],
    [winter({ slug: "x16", page: [{ type: "faq", settings: { items: [] } }] }), "page.0.settings.items: add at least one question"],
    [winter({ slug: "x17", page: [{ type: "drop_hero" }, { type: "drop_hero" }] }), "page.1.type: a drop page has one hero"],
    [winter({ slug: "x18", page: [{ type: "drop_products", settings: { title: "x", color: "red" } }] }), "page.0.settings: Unknown field: color"],
    [winter({ slug: "x19", page: [{ type: "rich_text", settings: { doc: { type: "doc", content: [{ type: "script" }] } } }] }), "page.0.settings.doc"],
  ])("POST refuses %j with a 400", async (body, message) => {
    const res = await staff.post("/api/admin/drops", body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it("refuses malformed JSON, an empty change, bad ids and unknown drops", async () => {
    expect((await staff.post("/api/admin/drops", "{not json")).status).toBe(400);
    const id = await vsopId();
    expect((await staff.patch(`/api/admin/drops/${id}`, {})).body.message).toBe("Invalid drop: send at least one field to change");
    expect((await staff.patch(`/api/admin/drops/${id}`, { opensAt: 5 })).status).toBe(400);
    expect((await staff.get("/api/admin/drops/abc")).status).toBe(400);
    expect((await staff.get("/api/admin/drops/2147483648")).status).toBe(400);
    for (const res of [await staff.get("/api/admin/drops/999999"), await staff.patch("/api/admin/drops/999999", { name: "X" }), await staff.delete("/api/admin/drops/999999"), await staff.get("/api/admin/drops/999999/live"), await staff.get("/api/admin/drops/999999/report.csv")]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Drop 999999 not found");
    }
    expect((await staff.post(`/api/admin/drops/${id}/archive`, { now: true })).status).toBe(400);
  });

  it("answers 401 signed out, 403 to shoppers and to staff without drops.write", async () => {
    expect((await createApiClient(server.url).get("/api/admin/drops")).status).toBe(401);
    const shopper = createApiClient(server.url);
    await registerShopper(shopper);
    expect((await shopper.post("/api/admin/drops", winter({ slug: "shopper" }))).status).toBe(403);
    const member = await signedInStaff(server, { permissions: ["products.write", "discounts.write"] });
    const refused = await member.client.get("/api/admin/drops");
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/doesn't allow this/);
    expect((await member.client.post("/api/admin/drops", winter({ slug: "member" }))).status).toBe(403);
    const manager = await signedInStaff(server, "manager");
    expect((await manager.client.get("/api/admin/drops")).status).toBe(200);
  });
});

describe("the live figures, the report and its CSV", () => {
  let dropId: number;
  let soldOutSize: string;
  let otherSize: string;
  let firstColor: string;
  let otherColor: string;

  beforeAll(async () => {
    const { db } = server.database;
    // A drop of product 4 that opened two hours ago (past the first hour, when adding needs the browser check), with
    // one size down to 2 units (of one colour), and no per-customer limit (the buyers share an email).
    const res = await staff.post("/api/admin/drops", winter({ slug: "live-drop", name: "Live drop", productIds: [4], announceAt: at(-3 * HOUR), earlyAccessAt: at(-2.5 * HOUR), opensAt: at(-2 * HOUR), admitPerMinute: null, perCustomerLimit: {} }));
    expect(res.status).toBe(201);
    dropId = res.body.id;
    const rows = await db.select().from(variants).where(eq(variants.productId, 4)).orderBy(asc(variants.id));
    soldOutSize = rows[0]!.size;
    firstColor = rows[0]!.color;
    const other = rows.find((v) => v.size !== soldOutSize && v.onHand > 2)!;
    otherSize = other.size;
    otherColor = other.color;
    const sameSize = rows.filter((v) => v.size === soldOutSize).map((v) => v.id);
    await db.update(variants).set({ onHand: 0, reserved: 0 }).where(inArray(variants.id, sameSize));
    await db.update(variants).set({ onHand: 2 }).where(eq(variants.id, rows[0]!.id));
  });

  async function buy(size: string, quantity: number, color: string) {
    const shopper = createApiClient(server.url);
    const added = await shopper.post("/api/cart/items", { productId: 4, quantity, size, color });
    expect(added.status, added.text).toBe(201);
    const started = await shopper.post("/api/create-payment-intent", details);
    expect(started.status, started.text).toBe(200);
    const paid = await shopper.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") });
    expect(paid.status, paid.text).toBe(200);
    return started.body.paymentIntentId as string;
  }

  it("shows the line, admissions a minute, carts, paid orders, units and revenue per size, and when a size sold out", async () => {
    const { db } = server.database;
    const before = (await staff.get(`/api/admin/drops/${dropId}/live`)).body;
    expect(before).toMatchObject({ phase: "open", lineLength: 0, paidOrders: 0, unitsSold: 0, revenueCents: 0, cartsHoldingDropItems: 0 });
    expect(before.admissionsPerMinute).toHaveLength(30);

    await buy(soldOutSize, 2, firstColor);
    await buy(otherSize, 1, otherColor);
    const browsing = createApiClient(server.url);
    expect((await browsing.post("/api/cart/items", { productId: 4, quantity: 1, size: otherSize, color: otherColor })).status).toBe(201);
    const now = server.clock.now.getTime();
    await db.insert(dropPasses).values([
      { dropId, kind: "line", joinedAt: new Date(now - 10 * 60_000), admitAt: new Date(now - 3 * 60_000), expiresAt: new Date(now + 5 * 60_000) },
      { dropId, kind: "line", joinedAt: new Date(now - 10 * 60_000), admitAt: new Date(now - 3 * 60_000 + 1000), expiresAt: new Date(now + 5 * 60_000) },
      { dropId, kind: "line", joinedAt: new Date(now), admitAt: new Date(now + 60_000), expiresAt: new Date(now + 9 * 60_000) },
    ]);

    const live = (await staff.get(`/api/admin/drops/${dropId}/live`)).body;
    // The buyers' carts were emptied by their payment: only the browsing shopper's still holds the drop's piece.
    expect(live).toMatchObject({ lineLength: 1, paidOrders: 2, unitsSold: 3, cartsHoldingDropItems: 1, checkoutsInProgress: 0 });
    const admitted = live.admissionsPerMinute.filter((m: { admitted: number }) => m.admitted > 0);
    expect(admitted).toEqual([{ minute: new Date(Math.floor((now - 3 * 60_000) / 60_000) * 60_000).toISOString(), admitted: 2 }]);
    const gone = live.sizes.find((s: { size: string }) => s.size === soldOutSize);
    const [order] = await db.select({ paidAt: orders.paidAt }).from(orders).where(eq(orders.stockState, "committed")).orderBy(asc(orders.createdAt)).limit(1);
    expect(gone).toMatchObject({ productId: 4, sold: 2, onHand: 0, startingQuantity: 2, sellThroughPercent: 100, soldOutAt: order!.paidAt!.toISOString() });
    const left = live.sizes.find((s: { size: string }) => s.size === otherSize);
    expect(left).toMatchObject({ sold: 1, soldOutAt: null });
    expect(left.onHand).toBeGreaterThan(0);
    expect(live.revenueCents).toBe(live.sizes.reduce((n: number, s: { revenueCents: number }) => n + s.revenueCents, 0));
    expect(gone.revenueCents).toBeGreaterThan(0);
    expect(gone.revenueCents % 2).toBe(0);
    // The other drops don't count these sales.
    expect(((await staff.get("/api/admin/drops")).body.drops as { slug: string; unitsSold: number }[]).find((d) => d.slug === "live-drop")!.unitsSold).toBe(3);
    expect((await staff.get(`/api/admin/drops/${await vsopId()}/live`)).body.unitsSold).toBe(0);
  });

  it("refuses to delete a drop with orders", async () => {
    const res = await staff.delete(`/api/admin/drops/${dropId}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This drop has orders; archive it instead");
  });

  it("reports sell-through, minutes to sell out, early access and its conversion, the waitlist and refunds", async () => {
    const { db } = server.database;
    const [paid] = await db.select().from(orders).where(eq(orders.stockState, "committed")).orderBy(asc(orders.createdAt)).limit(1);
    await db.insert(dropInvitations).values([
      { dropId, email: details.email.toUpperCase(), tokenHash: "h1", sentAt: new Date(), usedAt: new Date() },
      { dropId, email: "fan@example.com", tokenHash: "h2", sentAt: new Date(), usedAt: new Date() },
      { dropId, email: "late@example.com", tokenHash: "h3", sentAt: new Date() },
    ]);
    const [variant] = await db.select({ id: variants.id }).from(variants).where(and(eq(variants.productId, 4), eq(variants.size, soldOutSize))).limit(1);
    await db.insert(stockAlerts).values({ variantId: variant!.id, email: "waiting@example.com", status: "active" });
    await db.insert(refunds).values({ orderId: paid!.id, amountCents: 1234, reason: "Too big", actor: "staff:test" });

    const report = (await staff.get(`/api/admin/drops/${dropId}/report`)).body;
    expect(report).toMatchObject({
      name: "Live drop",
      unitsSold: 3,
      soldOutAt: null,
      minutesToSellOut: null,
      earlyAccess: { invitationsSent: 3, invitationsUsed: 2, buyers: 1, conversionPercent: 50 },
      waitlistSignUps: 1,
      refunds: { count: 1, amountCents: 1234 },
    });
    const gone = report.sizes.find((s: { size: string }) => s.size === soldOutSize);
    expect(gone.minutesToSellOut).toBe(Math.round((Date.parse(gone.soldOutAt) - Date.parse(report.opensAt)) / 60_000));
    expect(gone.minutesToSellOut).toBeGreaterThanOrEqual(120);
  });

  it("streams the per-size rows as CSV", async () => {
    const res = await staff.get(`/api/admin/drops/${dropId}/report.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="drop-live-drop-report-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text.trim().split("\n");
    expect(lines[0]).toBe("product_id,product,size,sold,on_hand,starting_quantity,sell_through_percent,sold_out_at,minutes_to_sell_out,revenue_cents");
    const sizes = new Set((await server.database.db.select({ size: variants.size }).from(variants).where(eq(variants.productId, 4))).map((v) => v.size));
    expect(lines).toHaveLength(1 + sizes.size);
    const row = lines.find((l) => l.split(",")[2] === soldOutSize)!.split(",");
    expect(row.slice(3, 7)).toEqual(["2", "0", "2", "100"]);
    expect(row[7]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});
