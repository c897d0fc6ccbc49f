/**
 * A second drop needs no code (issue 48): a drop written straight into the database, as staff's drop service writes
 * it, gets free pre-order shipping when it says so (and not when it doesn't), a waitlist, a place in the sitemap and
 * its name as its pieces' search words.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropProducts, drops, products, variants } from "../db/schema";
import { refreshKeywords } from "../catalog/refresh-keywords";
import { createApiClient } from "../test/api-client";
import { details } from "../test/checkout-helpers";
import { pricingRules } from "../test/pricing-rules-helpers";
import { startTestServer, type TestServer } from "../test/test-server";
import { backInStockMails, confirmTokenFor, mailsTo } from "../alerts/alert-test-helpers";
import { registerShopper } from "../test/accounts-helpers";

const DAY = 86_400_000;
const HOUR = 3_600_000;
let server: TestServer;
let pieces: { productId: number; color: string; size: string }[];
let dropId: number;
const sanFrancisco = { ...details.address, country: "US", region: "CA", postalCode: "94103" };

const at = (ms: number) => new Date(server.clock.now.getTime() + ms);
const changed = () => server.services.catalogChanges.publish({ all: true });
const setFreeShipping = async (on: boolean) => {
  await server.database.db.update(drops).set({ freeShipping: on }).where(eq(drops.id, dropId));
  changed();
};
/** Every variant of these products, or of the first drop's, at this stock. */
const stockOf = (ids: number[], onHand: number) => server.database.db.update(variants).set({ onHand, reserved: 0 }).where(inArray(variants.productId, ids));
const vsopIds = async () => (await server.database.db.select({ id: dropProducts.productId }).from(dropProducts).innerJoin(drops, eq(drops.id, dropProducts.dropId)).where(eq(drops.slug, "vsop"))).map((r) => r.id);

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const rules = pricingRules(server);
  await rules.reset();
  await rules.noFreeShippingEverywhere();
  await rules.shippingRate("everywhere", { name: "Standard", kind: "flat", amountCents: 599 });
  // Two pieces in no drop, made pre-orders: the new drop's.
  const inDrops = (await db.select({ id: dropProducts.productId }).from(dropProducts)).map((r) => r.id);
  const candidates = await db
    .select({ productId: variants.productId, color: variants.color, size: variants.size })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(products.status, "active"), sql`${variants.productId} <> all(${`{${inDrops.join(",")}}`}::int[])`))
    .orderBy(variants.productId, variants.id);
  pieces = [...new Map(candidates.map((c) => [c.productId, c])).values()].slice(0, 2);
  const ids = pieces.map((p) => p.productId);
  await db.update(products).set({ preorder: true }).where(inArray(products.id, ids));
  await stockOf(ids, 20);
  const [drop] = await db
    .insert(drops)
    .values({ slug: "aurora-winter", name: "Aurora Winter Capsule", announceAt: at(-2 * DAY), opensAt: at(-2 * HOUR), preorderClosesAt: at(10 * DAY), shipsAt: at(20 * DAY), freeShipping: true })
    .returning();
  dropId = drop!.id;
  await db.insert(dropProducts).values(ids.map((productId, position) => ({ dropId, productId, position })));
  // What staff's drop service does with a drop's products in the same transaction: their search words name it.
  await refreshKeywords({ db, productIds: ids });
  // A drop announced later is not shown yet: no page in the sitemap.
  await db.insert(drops).values({ slug: "spring-secret", name: "Spring Secret", announceAt: at(30 * DAY), opensAt: at(31 * DAY), preorderClosesAt: at(40 * DAY), shipsAt: at(50 * DAY) });
  // The first drop opened before this one was announced: the sold-out drop announced last is this one.
  await db.update(drops).set({ announceAt: at(-3 * DAY), opensAt: at(-3 * DAY) }).where(eq(drops.slug, "vsop"));
  changed();
});
afterAll(() => server?.close());

describe("free pre-order shipping, by the drop's own flag", () => {
  it("an order of its pre-orders alone ships free while the drop says so: cart, quote and the product's promise", async () => {
    await setFreeShipping(true);
    const shopper = createApiClient(server.url);
    expect((await shopper.post("/api/cart/items", { ...pieces[0]!, quantity: 1 })).status).toBe(201);
    expect((await shopper.get("/api/cart")).body).toMatchObject({ shipping: 0 });
    const quoted = (await shopper.post("/api/checkout/quote", { address: sanFrancisco })).body;
    expect(quoted.shippingOptions).toEqual([expect.objectContaining({ name: "Free pre-order shipping", price: 0 })]);
    expect((await server.services.pricing.shippingPromise({ productId: pieces[0]!.productId })).preorderFree).toBe(true);
  });

  it("pays the staff's rate once the drop's flag is off", async () => {
    await setFreeShipping(false);
    const shopper = createApiClient(server.url);
    await shopper.post("/api/cart/items", { ...pieces[0]!, quantity: 1 });
    expect((await shopper.get("/api/cart")).body).toMatchObject({ shipping: 5.99 });
    expect((await shopper.post("/api/checkout/quote", { address: sanFrancisco })).body.shippingOptions).toEqual([expect.objectContaining({ name: "Standard", price: 5.99 })]);
    expect((await server.services.pricing.shippingPromise({ productId: pieces[0]!.productId })).preorderFree).toBe(false);
  });

  it("a piece that is not a pre-order ships at the rate even in a drop that ships free", async () => {
    await setFreeShipping(true);
    await server.database.db.update(products).set({ preorder: false }).where(eq(products.id, pieces[1]!.productId));
    try {
      const shopper = createApiClient(server.url);
      await shopper.post("/api/cart/items", { ...pieces[1]!, quantity: 1 });
      expect((await shopper.get("/api/cart")).body).toMatchObject({ shipping: 5.99 });
    } finally {
      await server.database.db.update(products).set({ preorder: true }).where(eq(products.id, pieces[1]!.productId));
    }
  });
});

describe("its waitlist, by slug", () => {
  it("refuses while a piece is left, then signs up, confirms to its page and mails once when a piece is back", async () => {
    const shopper = createApiClient(server.url);
    const early = await shopper.post("/api/stock-alerts/waitlist", { email: "aurora-early@example.com", drop: "aurora-winter" });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe("Aurora Winter Capsule isn't sold out: pieces are still available to pre-order");
    expect((await shopper.post("/api/stock-alerts/waitlist", { email: "x@example.com", drop: "spring-secret" })).status).toBe(404);

    const ids = pieces.map((p) => p.productId);
    // Both drops sold out; the row names its drop (the next test shows the other drop's restock doesn't send it).
    const firstDrop = await vsopIds();
    await stockOf([...ids, ...firstDrop], 0);
    expect(await server.services.alerts.dropSoldOut({ dropId })).toBe(true);
    const email = "aurora-fan@example.com";
    const res = await shopper.post("/api/stock-alerts/waitlist", { email, drop: "aurora-winter" });
    expect(res.status).toBe(202);
    expect(mailsTo(server, email)[0]!.subject).toBe("Confirm your place on the Aurora Winter Capsule waitlist");
    const confirmed = await shopper.post("/api/stock-alerts/confirm", { token: confirmTokenFor(server, email) });
    expect(confirmed.body).toEqual({ message: "You're on the list. We'll email you once, when Aurora Winter Capsule is back in stock.", link: "/drops/aurora-winter" });

    await stockOf(ids, 3);
    await server.services.alerts.send();
    // The confirmation kicked a send of its own, which may be the one that finds the restock: wait for it too.
    await server.services.alerts.settled();
    const sent = mailsTo(server, email).filter((m) => m.subject === "Aurora Winter Capsule is back in stock");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain("http://store.test/drops/aurora-winter");
    await stockOf(firstDrop, 50);
  });

  it("two drops sold out, a shopper on each waitlist: a restock emails only that drop's shopper, naming it", async () => {
    const ids = pieces.map((p) => p.productId);
    const firstDrop = await vsopIds();
    await stockOf([...ids, ...firstDrop], 0);
    const vsopFan = "vsop-only@example.com";
    const auroraFan = createApiClient(server.url);
    const { email: auroraEmail } = await registerShopper(auroraFan);
    const join = async (client: ReturnType<typeof createApiClient>, body: { email: string; drop?: string }) => {
      expect((await client.post("/api/stock-alerts/waitlist", body)).status).toBe(202);
      expect((await client.post("/api/stock-alerts/confirm", { token: confirmTokenFor(server, body.email) })).status).toBe(200);
    };
    await join(createApiClient(server.url), { email: vsopFan });
    await join(auroraFan, { email: auroraEmail, drop: "aurora-winter" });
    await server.services.alerts.settled();
    // The shopper's own data names the waitlist they are on.
    expect((await auroraFan.get("/api/account/export")).body.backInStockAlerts).toEqual([expect.objectContaining({ email: auroraEmail, for: "The Aurora Winter Capsule waitlist", status: "active" })]);

    await stockOf(ids, 2);
    await server.services.alerts.send();
    expect(backInStockMails(server, vsopFan)).toEqual([]);
    const toAurora = backInStockMails(server, auroraEmail);
    expect(toAurora.map((m) => m.subject)).toEqual(["Aurora Winter Capsule is back in stock"]);
    expect(toAurora[0]!.text).toContain("http://store.test/drops/aurora-winter");
    expect(toAurora[0]!.text).not.toContain("VSOP Premium Collection");

    // The first drop's own restock sends its shopper's email, naming it, and nothing more to the other.
    await stockOf(firstDrop, 50);
    await server.services.alerts.send();
    const toVsop = backInStockMails(server, vsopFan);
    expect(toVsop.map((m) => m.subject)).toEqual(["VSOP Premium Collection is back in stock"]);
    expect(toVsop[0]!.text).toContain("http://store.test/vsop");
    expect(backInStockMails(server, auroraEmail)).toHaveLength(1);
  });
});

it("the sitemap lists the drop's page once it is announced, and /vsop for the first drop", async () => {
  const xml = (await createApiClient(server.url).get("/sitemap.xml")).text;
  expect(xml).toContain("<loc>http://store.test/drops/aurora-winter</loc>");
  expect(xml).toContain("<loc>http://store.test/vsop</loc>");
  expect(xml).not.toContain("spring-secret");
  expect(xml).not.toContain("/drops/vsop");
  expect(xml).not.toContain("/category/tech-casual<");
});

it("its pieces are found by the drop's name, and not once the drop is archived", async () => {
  const found = await server.services.search.searchProducts({ text: "aurora" });
  expect(found.products.map((p) => p.id).sort()).toEqual(pieces.map((p) => p.productId).sort());
  await server.database.db.update(drops).set({ archivedAt: server.clock.now }).where(and(eq(drops.id, dropId), isNull(drops.archivedAt)));
  await refreshKeywords({ db: server.database.db, productIds: pieces.map((p) => p.productId) });
  changed();
  expect((await server.services.search.searchProducts({ text: "aurora" })).products.filter((p) => pieces.some((x) => x.productId === p.id))).toEqual([]);
});

it("a collection every piece of which is in a drop names its drop, so lists of collections leave it out", async () => {
  const collections = await server.services.catalog.collections();
  expect(collections.find((c) => c.slug === "tech-casual")?.drop).toBe("vsop");
  expect(collections.find((c) => c.slug === "men")).not.toHaveProperty("drop");
});
