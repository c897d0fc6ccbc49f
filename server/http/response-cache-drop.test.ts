import { promoteToStaff } from "../test/admin-helpers";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Router } from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { createServices, type Services } from "../context";
import { createLogger } from "../logger";
import { createMediaStore } from "../media/media-store";
import { createTestPaymentProvider } from "../payments/test-provider";
import { registerShopper } from "../test/accounts-helpers";
import { createApiClient } from "../test/api-client";
import { card, checkoutWith, closeOpenOrders, setVariantStock } from "../test/checkout-helpers";
import { createMemoryMailer } from "../test/memory-mailer";
import { createTestDatabase, type TestDatabase } from "../test/test-database";

/**
 * Decision 0022 end to end: the real app (cache, rules, services) with two stand-in pages that show stock the way the
 * real ones do: a product page (each size's units) and a category page (each product's units, as its sold-out buttons).
 */
function standInPages(services: Services) {
  const pages = Router();
  pages.get("/product/:id", async (req, res) => {
    const product = await services.catalog.getProduct({ id: Number(req.params.id) });
    res.type("html").send(`<pre>${JSON.stringify(Object.fromEntries(product.variants.map((v) => [`${v.color}/${v.size}`, v.available])))}</pre>`);
  });
  pages.get("/category/:category", async (req, res) => {
    const { products } = await services.catalog.listProducts({ scope: { kind: "category", category: req.params.category }, query: { limit: 100 } });
    res.type("html").send(`<pre>${JSON.stringify(Object.fromEntries(products.map((p) => [p.id, p.stock])))}</pre>`);
  });
  return pages;
}

let database: TestDatabase;
let services: Services;
let url: string;
let close: () => Promise<void>;
const clock = { now: new Date() };
beforeAll(async () => {
  database = await createTestDatabase();
  const mediaDir = mkdtempSync(join(tmpdir(), "store-media-"));
  const logger = createLogger("silent");
  services = createServices({
    db: database.db,
    payments: createTestPaymentProvider({ db: database.db }),
    mailer: createMemoryMailer(),
    logger,
    now: () => new Date(clock.now),
    storeUrl: "http://store.test",
    media: createMediaStore(mediaDir),
  });
  // A minute's life: nothing in these tests expires, so every re-render seen is a change's doing.
  const app = createApp({ services, logger, production: true, cacheTtlMs: 60_000, pages: { handlers: [standInPages(services)], renderCartPage: async () => "", renderPurchase: async () => "" } });
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database.close();
    rmSync(mediaDir, { recursive: true, force: true });
  };
});
afterAll(() => close?.());

beforeEach(async () => {
  clock.now = new Date();
  await closeOpenOrders(database.db);
  await setVariantStock(database.db, 2, "Black", "M", 10);
  // Every test starts from an empty cache.
  services.catalogChanges.publish({ all: true });
});

async function staff() {
  const admin = createApiClient(url);
  const { username } = await registerShopper(admin);
  await promoteToStaff(database.db, username);
  return admin;
}

const get = (path: string, headers?: Record<string, string>) => createApiClient(url).get(path, headers);
/** Reads a page twice so the second read is from the cache; answers that second read. */
async function cached(path: string) {
  await get(path);
  const again = await get(path);
  expect(again.headers.get("x-cache")).toBe("hit");
  return again;
}
const shown = (page: { text: string }) => JSON.parse(/<pre>(.*)<\/pre>/.exec(page.text)![1]!);
const hoodieM = { productId: 2, quantity: 2, size: "M" };

describe("while shoppers check out (decision 0022)", () => {
  it("a category page that doesn't show the bought product stays cached; the bought product's page is rendered again with its new stock", async () => {
    const men = await cached("/category/men");
    const other = Number(Object.keys(shown(men))[0]);
    await cached(`/product/${other}`);
    expect(shown(await cached("/product/2"))["Black/M"]).toBe(10);
    await cached("/api/products/2");

    expect((await checkoutWith(createApiClient(url), hoodieM)).status).toBe(200);

    expect((await get("/category/men")).headers.get("x-cache")).toBe("hit");
    expect((await get(`/product/${other}`)).headers.get("x-cache")).toBe("hit");
    const page = await get("/product/2");
    expect(page.headers.get("x-cache")).toBeNull();
    expect(shown(page)["Black/M"]).toBe(8);
    const api = await get("/api/products/2");
    expect(api.headers.get("x-cache")).toBeNull();
    expect(api.body.variants.find((v: { size: string }) => v.size === "M").available).toBe(8);
    expect((await get("/product/2")).headers.get("x-cache")).toBe("hit");
  });

  it("a listing that shows the bought product keeps serving other visitors within its life, but never the shopper who bought it", async () => {
    const before = shown(await cached("/category/vsop"))[2];
    const listing = "/api/products/category/vsop";
    await cached(listing);

    const shopper = createApiClient(url);
    expect((await checkoutWith(shopper, hoodieM)).status).toBe(200);

    const page = await get("/category/vsop");
    expect(page.headers.get("x-cache")).toBe("hit");
    expect(shown(page)[2]).toBe(before);
    expect((await get(listing)).headers.get("x-cache")).toBe("hit");
    const own = await shopper.get(listing);
    expect(own.headers.get("x-cache")).toBeNull();
    expect(own.body.find((p: { id: number }) => p.id === 2).stock).toBe(before - 2);
    // The shopper's fresh answer replaced the touched one: anonymous visitors get it too.
    const after = await get(listing);
    expect(after.headers.get("x-cache")).toBe("hit");
    expect(after.body.find((p: { id: number }) => p.id === 2).stock).toBe(before - 2);
  });

  it("paying changes nothing a page shows (reserved units become sold ones), so the product's answers stay cached", async () => {
    const shopper = createApiClient(url);
    const started = await checkoutWith(shopper, hoodieM);
    expect(shown(await cached("/product/2"))["Black/M"]).toBe(8);
    await cached("/api/products/2");
    const paid = await shopper.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242 4242 4242 4242") });
    expect(paid.status).toBe(200);
    const page = await get("/product/2");
    expect(page.headers.get("x-cache")).toBe("hit");
    expect(shown(page)["Black/M"]).toBe(8);
    expect((await get("/api/products/2")).headers.get("x-cache")).toBe("hit");
    // What the cache kept is what a fresh read shows.
    services.catalogChanges.publish({ all: true });
    expect(shown(await get("/product/2"))["Black/M"]).toBe(8);
  });

  it("the expiry sweep puts lapsed units back on the product's page at once", async () => {
    expect((await checkoutWith(createApiClient(url), hoodieM)).status).toBe(200);
    expect(shown(await cached("/product/2"))["Black/M"]).toBe(8);
    await cached("/category/men");
    clock.now = new Date(Date.now() + 16 * 60_000);
    expect(await services.checkout.expireStaleOrders()).toBe(1);
    const page = await get("/product/2");
    expect(page.headers.get("x-cache")).toBeNull();
    expect(shown(page)["Black/M"]).toBe(10);
    expect((await get("/category/men")).headers.get("x-cache")).toBe("hit");
  });

  it("carts, sign-ups and sign-ins change nothing cached", async () => {
    await cached("/product/2");
    await cached("/category/men");
    const shopper = createApiClient(url);
    expect((await shopper.post("/api/cart/items", { productId: 2, quantity: 1, color: "Black", size: "M" })).status).toBe(201);
    expect((await registerShopper(shopper)).res.status).toBe(201);
    expect((await shopper.post("/api/newsletter", { email: "drop.fan@example.com" })).status).toBeLessThan(300);
    expect((await get("/product/2")).headers.get("x-cache")).toBe("hit");
    expect((await get("/category/men")).headers.get("x-cache")).toBe("hit");
  });

  it("a staff call refused to an outsider clears nothing", async () => {
    await cached("/category/men");
    const outsider = createApiClient(url);
    expect((await outsider.patch("/api/admin/campaigns/vsop", {})).status).toBe(401);
    expect((await outsider.post("/api/admin/products", {}, { origin: "https://elsewhere.example" })).status).toBe(403);
    expect((await get("/category/men")).headers.get("x-cache")).toBe("hit");
  });

  it("a staff price change still clears every page", async () => {
    const men = await cached("/category/men");
    const other = Number(Object.keys(shown(men))[0]);
    await cached(`/product/${other}`);
    await cached("/api/products/category/men");
    const admin = await staff();
    const variant = (await admin.get(`/api/admin/products/${other}`)).body.variants[0];
    expect((await admin.patch(`/api/admin/variants/${variant.id}`, { priceCents: variant.priceCents + 100 })).status).toBe(200);
    for (const path of ["/category/men", `/product/${other}`, "/api/products/category/men"]) expect((await get(path)).headers.get("x-cache")).toBeNull();
  });
});

