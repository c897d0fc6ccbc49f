/**
 * Decision 0041 over HTTP: a product page stays cached across its own sales, and every answer carries the product's
 * latest stock in its places, exactly as a render of the whole page would show it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiClient } from "../test/api-client";
import { checkoutWith } from "../test/checkout-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ pages: true, cacheTtlMs: 60_000 });
});
afterAll(() => server?.close());

interface Variant {
  color: string;
  size: string;
  available: number;
}

const purchase = (html: string) => /<div data-part="purchase">([\s\S]*?)<span data-part-end="purchase"/.exec(html)?.[1];
const stockJson = (html: string) => /<script type="application\/json" id="stock-json"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];
const availabilities = (html: string) => [...html.matchAll(/"availability":"([^"]*)"/g)].map((m) => m[1]);
/** The page without its stock places and nonces: what stays the stored page's across sales. */
const frame = (html: string) =>
  html
    .replace(/(<div data-part="purchase">)[\s\S]*?(<span data-part-end="purchase")/, "$1$2")
    .replace(/(id="stock-json"[^>]*>)[^<]*/, "$1")
    .replace(/"availability":"[^"]*"/g, "")
    .replace(/nonce="[^"]*"/g, "")
    .replace(/<script nonce=""[^>]*>window.__reactRouterContext[\s\S]*$/, "");

async function product(id: number): Promise<{ colors: string[]; variants: Variant[] }> {
  return (await createApiClient(server.url).get(`/api/products/${id}`)).body;
}

/** A page a full render gives now: a staff preview's address is not public, so React Router renders it whole. */
async function rendered(path: string) {
  const shopper = createApiClient(server.url);
  expect((await shopper.post("/api/cart/items", { productId: 2, color: "Default", size: "M", quantity: 1 })).status).toBe(201);
  const page = await shopper.get(`${path}?preview=1`);
  expect(page.headers.get("x-cache")).toBeNull();
  return page.text;
}

describe("a product page's stock places (decision 0041)", () => {
  it("keeps the page across a sale of its product and puts the latest stock into it, as a whole render shows it", async () => {
    const id = 7;
    const before = await product(id);
    // A size of the colour the page opens with, so its panel shows it.
    const variant = before.variants.find((v) => v.color === before.colors[0] && v.available >= 3)!;
    const anonymous = createApiClient(server.url);
    await anonymous.get(`/product/${id}`);
    const stored = await anonymous.get(`/product/${id}`);
    expect(stored.headers.get("x-cache")).toBe("hit");

    // Reserved by a shopper's checkout: all but one of that size.
    const started = await checkoutWith(createApiClient(server.url), { productId: id, color: variant.color, size: variant.size, quantity: variant.available - 1 });
    expect(started.status).toBe(200);
    // The sale's change carried the stock it left: the page is filled without reading the stock (decision 0043).
    const stockReads = vi.spyOn(server.services.catalog, "variantStock");
    const after = await anonymous.get(`/product/${id}`);
    expect(stockReads).not.toHaveBeenCalled();
    stockReads.mockRestore();
    expect(after.headers.get("x-cache")).toBe("hit");
    expect(purchase(after.text)).toContain(`aria-label="${variant.size}, only 1 left"`);
    const now = await product(id);
    expect(JSON.parse(stockJson(after.text)!)).toEqual({ productId: id, stock: now.variants.reduce((n, v) => n + v.available, 0), available: now.variants.map((v) => v.available) });
    // The places hold what a render of the whole page holds; the rest is the stored page.
    const whole = await rendered(`/product/${id}`);
    expect(purchase(after.text)).toBe(purchase(whole));
    expect(availabilities(after.text)).toEqual(availabilities(whole));
    expect(frame(after.text)).toBe(frame(stored.text));
  });

  it("shows a size sold out in the panel and the JSON-LD, to a cart holder too", async () => {
    const id = 8;
    const before = await product(id);
    const index = before.variants.findIndex((v) => v.color === before.colors[0] && v.available > 0);
    const variant = before.variants[index]!;
    const holder = createApiClient(server.url);
    expect((await holder.post("/api/cart/items", { productId: 2, color: "Default", size: "M", quantity: 1 })).status).toBe(201);
    await holder.get(`/product/${id}`);
    expect((await checkoutWith(createApiClient(server.url), { productId: id, color: variant.color, size: variant.size, quantity: variant.available })).status).toBe(200);
    const after = await holder.get(`/product/${id}`);
    expect(after.headers.get("x-cache")).toBe("hit");
    expect(purchase(after.text)).toContain(`aria-label="${variant.size}, sold out"`);
    expect(availabilities(after.text)[index]).toBe("https://schema.org/OutOfStock");
    expect(purchase(after.text)).toBe(purchase(await rendered(`/product/${id}`)));
  });

  it("drops the page when more than its stock changes (a rating, a staff edit)", async () => {
    const anonymous = createApiClient(server.url);
    await anonymous.get("/product/9");
    expect((await anonymous.get("/product/9")).headers.get("x-cache")).toBe("hit");
    server.services.catalogChanges.publish({ products: [9] });
    expect((await anonymous.get("/product/9")).headers.get("x-cache")).toBeNull();
    expect((await anonymous.get("/product/9")).headers.get("x-cache")).toBe("hit");
    server.services.catalogChanges.publish({ products: [9], stockOnly: true });
    expect((await anonymous.get("/product/9")).headers.get("x-cache")).toBe("hit");
  });

  it("still drops a product's catalogue answer on a sale: it has no stock places", async () => {
    const anonymous = createApiClient(server.url);
    await anonymous.get("/api/products/9");
    server.services.catalogChanges.publish({ products: [9], stockOnly: true });
    expect((await anonymous.get("/api/products/9")).headers.get("x-cache")).toBeNull();
  });
});
