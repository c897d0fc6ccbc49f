import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, reviews } from "../db/schema";
import { createApiClient } from "../test/api-client";
import { PASSWORD, registerShopper } from "../test/accounts-helpers";
import { signedInAdmin } from "../test/admin-helpers";
import { card, details, setVariantStock } from "../test/checkout-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

type Client = ReturnType<typeof createApiClient>;

let server: TestServer;
let admin: Client;
/** A regular (not pre-order) product and one of its variants, stocked for the test. */
const PRODUCT = 10;
let variant: { color: string; size: string };

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAdmin(server);
  const product = (await createApiClient(server.url).get(`/api/products/${PRODUCT}`)).body;
  variant = { color: product.colors[0], size: product.sizes[0] };
  await setVariantStock(server.database.db, PRODUCT, variant.color, variant.size, 500);
});
afterAll(() => server?.close());

async function buyer(name = "Dana Whitfield") {
  const shopper = createApiClient(server.url);
  await registerShopper(shopper, { name });
  return shopper;
}

/** The shopper buys the product; staff take the order as far as `until`. */
async function order(shopper: Client, until: "paid" | "shipped" | "delivered" = "delivered") {
  await shopper.post("/api/cart/items", { productId: PRODUCT, quantity: 1, ...variant });
  const started = await shopper.post("/api/create-payment-intent", details);
  await shopper.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") });
  const orderNumber = started.body.orderNumber as string;
  if (until === "paid") return orderNumber;
  await admin.post(`/api/admin/orders/${orderNumber}/status`, { status: "processing" });
  await admin.post(`/api/admin/orders/${orderNumber}/status`, { status: "shipped", shipment: { carrier: "UPS", trackingNumber: "1Z999AA10123456784" } });
  if (until === "delivered") await admin.post(`/api/admin/orders/${orderNumber}/status`, { status: "delivered" });
  return orderNumber;
}

const review = (overrides: Record<string, unknown> = {}) => ({ rating: 4, title: "Nice tee", body: "Soft and well made.", fit: "true", ...overrides });
const write = (client: Client, body: unknown = review(), productId = PRODUCT) => client.post(`/api/products/${productId}/reviews`, body);
const page = async (query = "") => (await createApiClient(server.url).get(`/api/products/${PRODUCT}/reviews${query}`)).body;
const productRating = async () => (await server.database.db.select({ rating: products.rating, count: products.reviewCount }).from(products).where(eq(products.id, PRODUCT)))[0]!;

describe("who may review", () => {
  it("only a buyer whose order was delivered; not before, not a stranger, not staff, not signed out", async () => {
    expect((await write(createApiClient(server.url))).status).toBe(401);
    const stranger = await buyer();
    expect((await stranger.get(`/api/account/reviews/${PRODUCT}`)).body).toMatchObject({ canReview: false, reason: expect.stringContaining("bought this product and received it") });
    expect((await write(stranger)).status).toBe(403);

    const waiting = await buyer();
    await order(waiting, "shipped");
    expect((await write(waiting)).status).toBe(403);

    expect((await admin.get(`/api/account/reviews/${PRODUCT}`)).body).toMatchObject({ canReview: false, reason: "Staff accounts can't review products." });
    expect((await write(admin)).status).toBe(403);
    expect(await server.database.db.select().from(reviews)).toHaveLength(0);
  });

  it("a buyer of a delivered order writes one review, with the size and colour bought, waiting for staff; a second is refused", async () => {
    const shopper = await buyer("Robin Ellery");
    const orderNumber = await order(shopper);
    expect((await shopper.get(`/api/account/reviews/${PRODUCT}`)).body).toEqual({ canReview: true, reason: null, purchase: { ...variant, orderNumber }, review: null });
    const created = await write(shopper);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: "pending", rating: 4, title: "Nice tee", fit: "true", ...variant, author: "Robin E.", productId: PRODUCT, reply: null });
    expect((await write(shopper, review({ rating: 1 }))).status).toBe(409);
    expect((await shopper.get(`/api/account/reviews/${PRODUCT}`)).body).toMatchObject({ canReview: false, review: { id: created.body.id, status: "pending" } });
    // Not on the page until staff publish it.
    expect((await page()).summary.count).toBe(0);
  });

  it("checks what it is given: stars 1-5 as a number, lengths, known fits, no unknown fields; script stays text", async () => {
    const shopper = await buyer();
    await order(shopper);
    for (const bad of [review({ rating: 0 }), review({ rating: 6 }), review({ rating: 4.5 }), review({ rating: "5" }), review({ title: " " }), review({ title: "x".repeat(121) }), review({ body: "x".repeat(5001) }), review({ fit: "tight" }), review({ stars: 5 })]) {
      const res = await write(shopper, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.message).toMatch(/^Invalid review: /);
    }
    const script = '<script>alert("x")</script>';
    const created = await write(shopper, review({ title: script, body: `${script} & more`, fit: null }));
    expect(created.body).toMatchObject({ title: script, body: `${script} & more`, fit: null });
  });
});

describe("moderation, aggregates and the page", () => {
  it("staff publish, reject with a reason, and reply; the product's average, count, histogram and fit follow the published reviews", async () => {
    const ids: string[] = [];
    for (const [rating, fit] of [[5, "small"], [2, "small"], [4, "small"], [3, "true"]] as const) {
      const shopper = await buyer();
      await order(shopper);
      ids.push((await write(shopper, review({ rating, fit, title: `${rating} stars` }))).body.id);
    }
    const queue = (await admin.get("/api/admin/reviews?status=pending")).body;
    expect(queue.reviews.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining(ids));
    expect(queue.reviews[0]).toMatchObject({ productName: expect.any(String), authorEmail: expect.stringContaining("@"), orderNumber: expect.stringMatching(/^VS-/) });

    server.mailer.sent.length = 0;
    for (const id of ids.slice(0, 3)) expect((await admin.post(`/api/admin/reviews/${id}/publish`, {})).body.status).toBe("published");
    const rejected = await admin.post(`/api/admin/reviews/${ids[3]}/reject`, { reason: "It names another shopper" });
    expect(rejected.body).toMatchObject({ status: "rejected", rejectReason: "It names another shopper" });
    expect(server.mailer.sent.map((m) => m.subject)).toEqual([...Array(3).fill(expect.stringMatching(/^Your review of .+ is live$/)), expect.stringMatching(/^We couldn't publish your review/)]);
    expect(server.mailer.sent.at(-1)!.text).toContain("It names another shopper");

    // The negative review is published like the others: (5 + 2 + 4) / 3 = 3.7.
    expect(await productRating()).toEqual({ rating: 3.7, count: 3 });
    const first = await page();
    expect(first.summary).toEqual({
      average: 3.7,
      count: 3,
      histogram: [{ stars: 5, count: 1 }, { stars: 4, count: 1 }, { stars: 3, count: 0 }, { stars: 2, count: 1 }, { stars: 1, count: 0 }],
      fit: { small: 3, true: 0, large: 0, total: 3, verdict: "small" },
    });
    expect(first.reviews.map((r: { rating: number }) => r.rating).sort()).toEqual([2, 4, 5]);
    expect(first.reviews[0]).toMatchObject({ verifiedPurchase: true, ...variant });
    expect((await page("?sort=lowest")).reviews.map((r: { rating: number }) => r.rating)).toEqual([2, 4, 5]);
    expect((await page("?sort=highest")).reviews.map((r: { rating: number }) => r.rating)).toEqual([5, 4, 2]);
    expect(await page("?rating=2")).toMatchObject({ total: 1, reviews: [{ rating: 2 }] });

    const replied = await admin.put(`/api/admin/reviews/${ids[1]}/reply`, { reply: "Sorry to hear it: write to us and we'll make it right." });
    expect(replied.body.reply).toMatchObject({ text: "Sorry to hear it: write to us and we'll make it right." });
    expect((await page("?rating=2")).reviews[0].reply.text).toContain("make it right");
    expect((await admin.put(`/api/admin/reviews/${ids[1]}/reply`, { reply: "" })).body.reply).toBeNull();

    // Unpublishing takes it out of the numbers at once.
    await admin.post(`/api/admin/reviews/${ids[0]}/reject`, { reason: "Spam" });
    expect(await productRating()).toEqual({ rating: 3, count: 2 });
    const audit = (await admin.get(`/api/admin/audit?entity=review&entityId=${ids[0]}`)).body;
    expect(JSON.stringify(audit)).toContain("reject");
  });

  it("the listing's rating sort and the cards carry the real numbers", async () => {
    const listed = (await createApiClient(server.url).get("/api/products?sort=rating&limit=3")).body;
    expect(listed[0]).toMatchObject({ id: PRODUCT, rating: 3, reviewCount: 2 });
    expect(listed[1].reviewCount).toBe(0);
  });

  it("staff calls need staff; unknown ids 404; bad bodies 400", async () => {
    const shopper = await buyer();
    expect((await shopper.get("/api/admin/reviews")).status).toBe(403);
    expect((await createApiClient(server.url).get("/api/admin/reviews")).status).toBe(401);
    expect((await admin.post("/api/admin/reviews/00000000-0000-4000-8000-000000000000/publish", {})).status).toBe(404);
    expect((await admin.post("/api/admin/reviews/nope/publish", {})).status).toBe(400);
    const [any] = await server.database.db.select({ id: reviews.id }).from(reviews).limit(1);
    expect((await admin.post(`/api/admin/reviews/${any!.id}/reject`, { reason: "" })).status).toBe(400);
    expect((await admin.put(`/api/admin/reviews/${any!.id}/reply`, { reply: "x".repeat(2001) })).status).toBe(400);
    expect((await admin.get("/api/admin/reviews?status=lost")).status).toBe(400);
    expect((await createApiClient(server.url).get(`/api/products/${PRODUCT}/reviews?sort=best`)).status).toBe(400);
    expect((await createApiClient(server.url).get("/api/products/999999/reviews")).status).toBe(404);
  });
});

describe("fit feedback and size advice", () => {
  const ask = (body: unknown) => createApiClient(server.url).post("/api/ai/size-guidance", body);
  const measurements = { chest: "38 in", waist: "32 in", preferredFit: "regular" };

  it("once most buyers say a product runs small, size advice for it moves one size up and says why", async () => {
    const plain = (await ask({ measurements })).body;
    const other = PRODUCT + 1;
    const ids: string[] = [];
    const before = (await ask({ measurements, productId: other })).body;
    expect(before.recommendedSize).toBe(plain.recommendedSize);
    const stock = (await createApiClient(server.url).get(`/api/products/${other}`)).body;
    await setVariantStock(server.database.db, other, stock.colors[0], stock.sizes[0], 100);
    for (let i = 0; i < 3; i++) {
      const shopper = await buyer();
      await shopper.post("/api/cart/items", { productId: other, quantity: 1, color: stock.colors[0], size: stock.sizes[0] });
      const started = await shopper.post("/api/create-payment-intent", details);
      await shopper.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") });
      for (const status of ["processing", "shipped", "delivered"]) await admin.post(`/api/admin/orders/${started.body.orderNumber}/status`, { status, ...(status === "shipped" ? { shipment: { carrier: "UPS", trackingNumber: "1Z999AA10123456784" } } : {}) });
      ids.push((await write(shopper, review({ fit: "small" }), other)).body.id);
    }
    // Unpublished fit answers count for nothing.
    expect((await ask({ measurements, productId: other })).body.recommendedSize).toBe(plain.recommendedSize);
    for (const id of ids) await admin.post(`/api/admin/reviews/${id}/publish`, {});

    const after = (await ask({ measurements, productId: other })).body;
    const sizes = ["XS", "S", "M", "L", "XL", "XXL"];
    expect(sizes.indexOf(after.recommendedSize)).toBe(sizes.indexOf(plain.recommendedSize) + 1);
    expect(after.tips[0]).toBe(`Buyers of the ${stock.name} say it runs small. Runs small: consider one size up. We moved you from ${plain.recommendedSize} to ${after.recommendedSize}.`);
    expect((await createApiClient(server.url).get(`/api/products/${other}/reviews`)).body.summary.fit).toMatchObject({ small: 3, verdict: "small" });
    expect((await ask({ measurements, productId: 999_999 })).status).toBe(404);
    expect((await ask({ measurements, productId: "12" })).status).toBe(400);
  });
});

describe("editing", () => {
  it("the author edits their review (back to staff, off the numbers meanwhile) or deletes it; another buyer's answers 404", async () => {
    const author = await buyer();
    await order(author);
    const { id } = (await write(author, review({ rating: 5 }))).body;
    await admin.post(`/api/admin/reviews/${id}/publish`, {});
    const before = await productRating();

    const other = await buyer();
    expect((await other.put(`/api/reviews/${id}`, review())).status).toBe(404);
    expect((await other.delete(`/api/reviews/${id}`)).status).toBe(404);

    const edited = await author.put(`/api/reviews/${id}`, review({ rating: 1, title: "Changed my mind" }));
    expect(edited.body).toMatchObject({ status: "pending", rating: 1, title: "Changed my mind" });
    expect((await productRating()).count).toBe(before.count - 1);
    await admin.post(`/api/admin/reviews/${id}/publish`, {});
    expect((await productRating()).count).toBe(before.count);

    expect((await author.delete(`/api/reviews/${id}`)).status).toBe(204);
    expect((await productRating()).count).toBe(before.count - 1);
    expect(await server.database.db.select().from(reviews).where(eq(reviews.id, id))).toHaveLength(0);
  });

  it("the author's data export carries their review; deleting the account takes it off the product's numbers", async () => {
    const author = await buyer();
    await order(author);
    const { id } = (await write(author, review({ title: "Mine to take back" }))).body;
    await admin.post(`/api/admin/reviews/${id}/publish`, {});
    const before = await productRating();
    expect((await author.get("/api/account/export")).body.reviews).toEqual([expect.objectContaining({ title: "Mine to take back", status: "published" })]);
    expect((await author.post("/api/account/delete", { password: PASSWORD })).status).toBe(200);
    expect((await productRating()).count).toBe(before.count - 1);
    expect(await server.database.db.select().from(reviews).where(eq(reviews.id, id))).toHaveLength(0);
  });

  it("with the response cache on, each shopper still gets their own answer, and a published review shows at once", async () => {
    const cached = await startTestServer({ cacheTtlMs: 5000 });
    try {
      const shopper = createApiClient(cached.url);
      await registerShopper(shopper);
      const stranger = createApiClient(cached.url);
      await registerShopper(stranger);
      const staff = await signedInAdmin(cached);
      const product = (await shopper.get(`/api/products/${PRODUCT}`)).body;
      await setVariantStock(cached.database.db, PRODUCT, product.colors[0], product.sizes[0], 50);
      await shopper.post("/api/cart/items", { productId: PRODUCT, quantity: 1, color: product.colors[0], size: product.sizes[0] });
      const started = await shopper.post("/api/create-payment-intent", details);
      await shopper.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") });
      for (const status of ["processing", "shipped", "delivered"]) await staff.post(`/api/admin/orders/${started.body.orderNumber}/status`, { status, ...(status === "shipped" ? { shipment: { carrier: "UPS", trackingNumber: "1Z999AA10123456784" } } : {}) });
      expect((await shopper.get(`/api/account/reviews/${PRODUCT}`)).body.canReview).toBe(true);
      expect((await stranger.get(`/api/account/reviews/${PRODUCT}`)).body.canReview).toBe(false);
      expect((await createApiClient(cached.url).get(`/api/products/${PRODUCT}/reviews`)).body.summary.count).toBe(0);
      const { id } = (await shopper.post(`/api/products/${PRODUCT}/reviews`, review())).body;
      await staff.post(`/api/admin/reviews/${id}/publish`, {});
      expect((await createApiClient(cached.url).get(`/api/products/${PRODUCT}/reviews`)).body.summary.count).toBe(1);
    } finally {
      await cached.close();
    }
  });

  it("the database holds one review per buyer and product whatever the application does", async () => {
    const [row] = await server.database.db.select().from(reviews).limit(1);
    await expect(server.database.db.insert(reviews).values({ ...row!, id: undefined })).rejects.toThrow();
  });
});
