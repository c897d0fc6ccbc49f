/**
 * Decision 0034 over HTTP: one cached page for every visitor of a public route, with the visitor's viewer stitched
 * into a private copy; nothing of one visitor in another's page or in the shared one.
 */
import { request } from "node:http";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicPage } from "../../shared/public-pages";
import { sharedShell } from "../test/shared-shell";
import { registerShopper } from "../test/accounts-helpers";
import { setVariantStock } from "../test/checkout-helpers";
import { createApiClient } from "../test/api-client";
import { startTestServer, type TestServer } from "../test/test-server";
import { SharedPageContext } from "./pages";
import { routerContexts } from "../../shared/router-context";

let cached: TestServer;
let uncached: TestServer;
beforeAll(async () => {
  [cached, uncached] = await Promise.all([startTestServer({ pages: true, cacheTtlMs: 60_000 }), startTestServer({ pages: true })]);
});
afterAll(async () => {
  await Promise.all([cached?.close(), uncached?.close()]);
});

const shell = sharedShell;
const slot = (html: string, name: string) => new RegExp(`<span data-v="${name}"[^>]*>([^<]*)</span>`).exec(html)?.[1];
const viewerJson = (html: string) => /<script type="application\/json" id="viewer"[^>]*>([^<]*)<\/script>/.exec(html)?.[1];
const item = { productId: 2, color: "Default", size: "M" };

async function shopperWithCart(server: TestServer, quantity: number) {
  const shopper = createApiClient(server.url);
  expect((await shopper.post("/api/cart/items", { ...item, quantity })).status).toBe(201);
  return shopper;
}

const PUBLIC_PATHS = ["/", "/products", "/category/men", "/category/men/hoodies", "/product/2", "/search?q=hoodie", "/vsop", "/blog", "/shipping", "/size-guide", "/about", "/contact", "/cart"];

/** The cart page's own places (its body and the cart's JSON), emptied: what is left is the page every visitor shares. */
const cartPageBody = /(<div data-part="cart-page">)([\s\S]*?)(<span data-part-end="cart-page")/;
const cartJson = /(<script type="application\/json" id="cart-json"[^>]*>)([^<]*)(<\/script>)/;
const cartShell = (html: string) => shell(html).replace(cartPageBody, "$1$3").replace(cartJson, "$1$3");

describe("the shared page (decision 0034)", () => {
  it("gives two visitors with different carts the same page, each with only their own count", async () => {
    const three = await shopperWithCart(cached, 3);
    const one = await shopperWithCart(cached, 1);
    const path = "/category/men?sort=price-low";
    const anonymous = await createApiClient(cached.url).get(path);
    const a = await three.get(path);
    const b = await one.get(path);
    expect([a.status, b.status]).toEqual([200, 200]);
    // Both came from the entry the anonymous visitor's render left.
    expect([a.headers.get("x-cache"), b.headers.get("x-cache")]).toEqual(["hit", "hit"]);
    expect(shell(a.text)).toBe(shell(anonymous.text));
    expect(shell(b.text)).toBe(shell(anonymous.text));
    expect([slot(a.text, "cart-count"), slot(a.text, "cart-label")]).toEqual(["3", "Cart, 3 items"]);
    expect([slot(b.text, "cart-count"), slot(b.text, "cart-label")]).toEqual(["1", "Cart, 1 item"]);
    expect([slot(anonymous.text, "cart-count"), slot(anonymous.text, "cart-label")]).toEqual(["", "Cart, 0 items"]);
    expect(a.text).not.toContain("Cart, 1 item");
    expect(JSON.parse(viewerJson(a.text)!)).toMatchObject({ user: null, cartCount: 3, favoriteIds: [] });
    expect(viewerJson(anonymous.text)).toBe("");
  });

  it("renders a public page once for everyone, even when a visitor with a cart asks first", async () => {
    const shopper = await shopperWithCart(cached, 2);
    const first = await shopper.get("/product/3");
    const anonymous = await createApiClient(cached.url).get("/product/3");
    expect(first.headers.get("x-cache")).toBeNull();
    expect(anonymous.headers.get("x-cache")).toBe("hit");
    expect(anonymous.text).not.toContain('"cartCount"');
    expect(slot(anonymous.text, "cart-count")).toBe("");
    expect(shell(first.text)).toBe(shell(anonymous.text));
  });

  it("stitches a signed-in shopper's name, staff state and hearts, and keeps them out of the shared page", async () => {
    const shopper = createApiClient(cached.url);
    const { name, email } = await registerShopper(shopper, { name: "Robin Viewer" });
    expect((await shopper.post("/api/favorites", { productId: 2 })).status).toBeLessThan(300);
    const mine = await shopper.get("/product/2");
    const anonymous = await createApiClient(cached.url).get("/product/2");
    expect(slot(mine.text, "account-name")).toBe(name);
    expect(mine.text).toMatch(/<style id="viewer-css"[^>]*>\[data-viewer=guest\],\[data-viewer=staff\]\{display:none!important\}\[data-fav-id="2"\] \.heart\{/);
    expect(anonymous.text).toMatch(/<style id="viewer-css"[^>]*>\[data-viewer=member\],\[data-viewer=staff\]\{display:none!important\}<\/style>/);
    expect(shell(mine.text)).toBe(shell(anonymous.text));
    // Nothing per visitor in the shared page: no name, email, session or cart token, no form token.
    const session = [...shopper.jar].find(([k]) => k.includes("session"))?.[1];
    expect(session).toBeTruthy();
    for (const secret of [name, email, session!]) expect(anonymous.text).not.toContain(secret);
    expect(shell(mine.text)).not.toContain(session!);
    expect(anonymous.text).not.toMatch(/csrf|form_?key/i);
  });

  it("shows the shopper's own cart change on the next page at once, though viewers are kept for a moment", async () => {
    const shopper = await shopperWithCart(cached, 1);
    expect(slot((await shopper.get("/vsop")).text, "cart-count")).toBe("1");
    expect((await shopper.post("/api/cart/items", { ...item, quantity: 1 })).status).toBe(201);
    expect(slot((await shopper.get("/vsop")).text, "cart-count")).toBe("2");
    const line = (await shopper.get("/api/cart")).body.items[0].id;
    expect((await shopper.delete(`/api/cart/items/${line}`)).status).toBe(200);
    expect(slot((await shopper.get("/vsop")).text, "cart-count")).toBe("");
  });

  it("serves the cart page from one shared page, with each visitor's own cart put into it", async () => {
    const hoodie = (await createApiClient(cached.url).get("/api/products/2")).body.name as string;
    const other = (await createApiClient(cached.url).get("/api/products/3")).body.name as string;
    const three = await shopperWithCart(cached, 3);
    const one = createApiClient(cached.url);
    expect((await one.post("/api/cart/items", { productId: 3, color: "Default", size: "M", quantity: 1 })).status).toBe(201);
    const anonymous = await createApiClient(cached.url).get("/cart");
    const a = await three.get("/cart");
    const b = await one.get("/cart");
    expect([anonymous.status, a.status, b.status]).toEqual([200, 200, 200]);
    expect([a.headers.get("x-cache"), b.headers.get("x-cache")]).toEqual(["hit", "hit"]);
    for (const res of [a, b]) {
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(cartShell(res.text)).toBe(cartShell(anonymous.text));
    }
    // Nobody's page: the empty cart, no cart JSON.
    expect(cartPageBody.exec(anonymous.text)?.[2]).toContain("Your cart is empty");
    expect(cartJson.exec(anonymous.text)?.[2]).toBe("");
    // Each visitor's own lines, count and JSON, and nothing of the other's.
    expect(cartPageBody.exec(a.text)?.[2]).toContain(`Remove ${hoodie} from cart`);
    expect(a.text).not.toContain(`Remove ${other} from cart`);
    expect(cartPageBody.exec(b.text)?.[2]).toContain(`Remove ${other} from cart`);
    expect(b.text).not.toContain(`Remove ${hoodie} from cart`);
    expect(JSON.parse(cartJson.exec(a.text)![2]!)).toMatchObject({ itemCount: 3, items: [{ productId: 2, quantity: 3 }] });
    expect(JSON.parse(cartJson.exec(b.text)![2]!)).toMatchObject({ itemCount: 1, items: [{ productId: 3, quantity: 1 }] });
    expect([slot(a.text, "cart-count"), slot(b.text, "cart-count")]).toEqual(["3", "1"]);
    // Never stale: a change shows on the very next view.
    expect((await three.post("/api/cart/items", { ...item, quantity: 2 })).status).toBe(201);
    const after = await three.get("/cart");
    expect(JSON.parse(cartJson.exec(after.text)![2]!)).toMatchObject({ itemCount: 5 });
    expect(slot(after.text, "cart-count")).toBe("5");
  });

  it("puts into the cart page the very body a render of the whole page gives for that cart: pre-order and short lines too", async () => {
    const products: { id: number; preorder: boolean }[] = (await createApiClient(cached.url).get("/api/products?limit=100")).body;
    const preorder = products.find((p) => p.preorder)!;
    const short = (await createApiClient(cached.url).get("/api/products/6")).body;
    const shortVariant = short.variants.find((v: { available: number }) => v.available >= 2);
    const shopper = createApiClient(cached.url);
    const vsop = (await createApiClient(cached.url).get(`/api/products/${preorder.id}`)).body;
    expect((await shopper.post("/api/cart/items", { productId: preorder.id, color: vsop.variants[0].color, size: vsop.variants[0].size, quantity: 1 })).status).toBe(201);
    expect((await shopper.post("/api/cart/items", { productId: 6, color: shortVariant.color, size: shortVariant.size, quantity: 2 })).status).toBe(201);
    await setVariantStock(cached.database.db, 6, shortVariant.color, shortVariant.size, 1); // now more in the cart than is left
    try {
      const stitched = await shopper.get("/cart");
      // A staff preview's address is not public: React Router renders the whole cart page for this visitor.
      const rendered = await shopper.get("/cart?preview=1");
      expect(rendered.headers.get("x-cache")).toBeNull();
      const body = cartPageBody.exec(stitched.text)?.[2];
      expect(body).toContain("Only 1 left: lower the quantity to check out.");
      expect(body).toContain(`Remove ${vsop.name} from cart`);
      expect(body).toBe(cartPageBody.exec(rendered.text)?.[2]);
    } finally {
      await setVariantStock(cached.database.db, 6, shortVariant.color, shortVariant.size, shortVariant.available);
    }
  });

  it("sends a stored page whole with and without compression, to anonymous visitors and cart holders alike", async () => {
    // A browser accepts brotli too; the stored page goes gzipped from its stretches compressed once (decision 0048),
    // and a client that takes brotli alone gets it from the compression middleware.
    const shopper = await shopperWithCart(cached, 2);
    const cookie = [...shopper.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    /** A raw GET: `fetch` always asks for compression, and the corked path is the one without. */
    const get = (path: string, headers: Record<string, string>) =>
      new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        request(`${cached.url}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        })
          .on("error", reject)
          .end();
      });
    for (const path of ["/category/women", "/product/4", "/cart"]) {
      await get(path, {}); // stored
      for (const visitor of [{}, { cookie }] as Record<string, string>[]) {
        const plain = await get(path, visitor);
        const zipped = await get(path, { ...visitor, "accept-encoding": "gzip, deflate, br, zstd" });
        const brotli = await get(path, { ...visitor, "accept-encoding": "br" });
        expect([plain.status, zipped.status, brotli.status], path).toEqual([200, 200, 200]);
        expect([plain.headers["x-cache"], zipped.headers["x-cache"]], path).toEqual(["hit", "hit"]);
        expect(Number(plain.headers["content-length"]), path).toBe(plain.body.length);
        expect(plain.body.toString("utf8"), path).toMatch(/<\/html>$/);
        expect(zipped.headers["content-encoding"], path).toBe("gzip");
        expect(zipped.headers.vary, path).toMatch(/accept-encoding/i);
        expect(Number(zipped.headers["content-length"]), path).toBe(zipped.body.length);
        // Its stretches compressed apart cost some bytes against the page compressed whole (11-13 % on a category or a
        // product page, a third on the short cart page): a stretch can't look back past a visitor's own text.
        expect(zipped.body.length, path).toBeLessThan(gzipSync(plain.body).length * 1.4);
        expect(brotli.headers["content-encoding"], path).toBe("br");
        for (const text of [gunzipSync(zipped.body).toString("utf8"), brotliDecompressSync(brotli.body).toString("utf8")]) {
          expect(text, path).toMatch(/<\/html>$/);
          expect(cartShell(text), path).toBe(cartShell(plain.body.toString("utf8")));
        }
        // The visitor's own texts are in the compressed copy too.
        if (visitor.cookie) expect(slot(gunzipSync(zipped.body).toString("utf8"), "cart-count"), path).toBe("2");
      }
    }
  });

  it("marks a stitched copy private and never stores or sends a cookie with a shared page", async () => {
    const shopper = await shopperWithCart(cached, 1);
    for (const path of ["/", "/category/women", "/product/1"]) {
      const anonymous = await fetch(`${cached.url}${path}`);
      const again = await fetch(`${cached.url}${path}`);
      expect(again.headers.get("x-cache")).toBe("hit");
      for (const res of [anonymous, again]) {
        expect(res.headers.getSetCookie()).toEqual([]);
        expect(res.headers.get("cache-control") ?? "").not.toMatch(/private/);
      }
      const personal = await fetch(`${cached.url}${path}`, { headers: { cookie: [...shopper.jar].map(([k, v]) => `${k}=${v}`).join("; ") } });
      expect(personal.headers.get("cache-control")).toBe("private, no-store");
      expect(personal.headers.getSetCookie()).toEqual([]);
    }
  });

  it("creates a cart or a session only when something is written", async () => {
    const visitor = createApiClient(cached.url);
    for (const path of [...PUBLIC_PATHS, "/cart", "/login", "/api/cart", "/api/viewer", "/category/men.data", "/product/2.data"]) await visitor.get(path);
    expect([...visitor.jar.keys()]).toEqual([]);
    await visitor.post("/api/cart/items", { ...item, quantity: 1 });
    expect([...visitor.jar.keys()]).toEqual(["cart"]);
  });

  it("renders a public page the same whatever the request's other headers say", async () => {
    const plain = shell((await createApiClient(uncached.url).get("/product/2")).text);
    const poisoned: Record<string, string>[] = [
      { "x-forwarded-host": "evil.example" },
      { "x-forwarded-proto": "http", "x-forwarded-for": "6.6.6.6" },
      { "x-react-router-spa-mode": "yes" },
      { "x-react-router-prerender-data": "[]" },
      { "accept-language": "de-DE" },
      { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
      { "x-requested-with": "XMLHttpRequest", referer: "https://evil.example/" },
    ];
    for (const headers of poisoned) expect(shell((await createApiClient(uncached.url).get("/product/2", headers)).text), JSON.stringify(headers)).toBe(plain);
  });

  it("sends a client-side visit's data without the visitor", async () => {
    const shopper = createApiClient(cached.url);
    const { name, email } = await registerShopper(shopper, { name: "Sam Dataview" });
    for (const path of ["/category/men.data", "/product/2.data", "/vsop.data"]) {
      const res = await shopper.get(path);
      expect(res.status, path).toBe(200);
      expect(res.text).not.toContain(name);
      expect(res.text).not.toContain(email);
    }
  });

  it("stores a client-side visit's data once for every visitor, and drops a product's with its sale", async () => {
    const path = "/product/5.data";
    const shopper = await shopperWithCart(cached, 1);
    const first = await shopper.get(path);
    const anonymous = await createApiClient(cached.url).get(path);
    expect([first.status, anonymous.status]).toEqual([200, 200]);
    expect([first.headers.get("x-cache"), anonymous.headers.get("x-cache")]).toEqual([null, "hit"]);
    expect(anonymous.text).toBe(first.text);
    expect(anonymous.headers.get("x-remix-response")).toBe("yes");
    expect(anonymous.headers.get("set-cookie")).toBeNull();
    // A stock change of another product leaves it; one of its own drops it (it has no stock places).
    cached.services.catalogChanges.publish({ products: [6], stockOnly: true });
    expect((await shopper.get(path)).headers.get("x-cache")).toBe("hit");
    cached.services.catalogChanges.publish({ products: [5], stockOnly: true });
    expect((await shopper.get(path)).headers.get("x-cache")).toBeNull();
    // A personal route's data is never stored.
    const account = createApiClient(cached.url);
    await registerShopper(account, { name: "Alex Nodata" });
    await account.get("/account.data");
    expect((await account.get("/account.data")).headers.get("x-cache")).toBeNull();
  });

  it("keeps the visitor from every public route's loaders, and still gives it to the personal ones", async () => {
    const shopper = createApiClient(uncached.url);
    const { name } = await registerShopper(shopper, { name: "Kim Loaders" });
    await shopper.post("/api/cart/items", { ...item, quantity: 2 });
    for (const path of PUBLIC_PATHS) {
      const res = await shopper.get(path);
      // A public loader that read the visitor would throw (SharedPageContext), and the page would be a 500.
      expect(res.status, path).toBe(200);
      expect(slot(res.text, "account-name"), path).toBe(name);
      expect(slot(res.text, "cart-count"), path).toBe("2");
    }
    const account = await shopper.get("/account");
    expect(account.status).toBe(200);
    expect(account.text).toContain(name);
    expect(slot(account.text, "cart-count")).toBe("2");
  });

  it("refuses the visitor to a public route's context", () => {
    const { visitorContext, servicesContext } = routerContexts({});
    const context = new SharedPageContext(new Map([[servicesContext, "services"]]));
    expect(context.get(servicesContext)).toBe("services");
    expect(() => context.get(visitorContext)).toThrow(/public page/);
  });

  it("knows which routes are public", () => {
    const none = new URLSearchParams();
    for (const path of ["/", "/_.data", "/products", "/category/men", "/category/men/hoodies.data", "/product/2", "/search", "/vsop", "/blog", "/blog/7", "/shipping", "/pages/care", "/cart"]) expect(isPublicPage(path, none), path).toBe(true);
    for (const path of ["/checkout", "/account", "/account/orders", "/login", "/admin", "/admin/products", "/orders/lookup", "/nowhere/at/all"]) expect(isPublicPage(path, none), path).toBe(false);
    expect(isPublicPage("/", new URLSearchParams("asOf=2030-01-01T00:00Z"))).toBe(false);
    expect(isPublicPage("/blog/7", new URLSearchParams("preview=1"))).toBe(false);
  });
});
