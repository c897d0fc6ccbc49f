import type { AddressInfo } from "node:net";
import express, { type Request } from "express";
import { localGet } from "./local-request";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { signedInAdmin } from "../test/admin-helpers";
import { createApiClient } from "../test/api-client";
import { checkoutWith } from "../test/checkout-helpers";
import { startTestServer, type TestServer } from "../test/test-server";
import { createCatalogChanges } from "../cache/catalog-changes";
import { publishWrites } from "./cache-rules";
import { createResponseCache, isAnonymous } from "./response-cache";
import { createViewerMemo } from "./viewer";

const TTL_MS = 60_000;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ cacheTtlMs: TTL_MS });
});
afterAll(() => server?.close());

const hoodie = "/api/products/2";
const availableM = (product: { variants: { color: string; size: string; available: number }[] }) => product.variants.find((v) => v.size === "M")!.available;

describe("response cache for anonymous catalogue reads", () => {
  it("answers a repeated read from memory with the same body", async () => {
    const shopper = createApiClient(server.url);
    const first = await shopper.get(hoodie);
    const second = await shopper.get(hoodie);
    expect(first.headers.get("x-cache")).toBeNull();
    expect(second.headers.get("x-cache")).toBe("hit");
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("content-type")).toBe(first.headers.get("content-type"));
  });

  it("keeps serving from memory while shoppers fill their carts: carts hold no stock", async () => {
    const shopper = createApiClient(server.url);
    await shopper.get(hoodie);
    expect((await shopper.post("/api/cart/items", { productId: 2, quantity: 1, color: "Default", size: "M" })).status).toBe(201);
    expect((await shopper.get(hoodie)).headers.get("x-cache")).toBe("hit");
  });

  it("shows a staff stock change at once", async () => {
    const admin = await signedInAdmin(server);
    const shopper = createApiClient(server.url);
    await shopper.get(hoodie);
    const variant = (await admin.get("/api/admin/products/2")).body.variants.find((v: { size: string }) => v.size === "M");
    expect((await admin.patch(`/api/admin/variants/${variant.id}`, { onHand: 7 })).status).toBe(200);
    const after = await shopper.get(hoodie);
    expect(after.headers.get("x-cache")).toBeNull();
    expect(availableM(after.body)).toBe(7);
  });

  it("shows stock reserved by a checkout at once", async () => {
    const shopper = createApiClient(server.url);
    const before = availableM((await shopper.get(hoodie)).body);
    const started = await checkoutWith(createApiClient(server.url), { productId: 2, quantity: 2, size: "M" });
    expect(started.status).toBe(200);
    const after = await shopper.get(hoodie);
    expect(after.headers.get("x-cache")).toBeNull();
    expect(availableM(after.body)).toBe(before - 2);
  });
});

/**
 * An app whose renders are counted per path (`/p/{id}` shows product {id} exactly; any other path is a listing); from
 * the second render of a path on, each waits until the test releases it.
 */
async function heldRenders(ttlMs: number, { byWriter = false, renewing = false } = {}) {
  // byWriter: as the store runs it, where only a visitor who wrote since a touched listing's render is refused it.
  // renewing: as the store runs it, where an expired answer is rendered anew by a request of the app's own.
  const memo = createViewerMemo({ ttlMs });
  const renew = (url: string, headers: Record<string, string>) => localGet(app, url, headers, 60_000);
  const cache = createResponseCache({ ttlMs, ...(byWriter ? { wroteSince: memo.wroteSince } : {}), ...(renewing ? { renew } : {}) });
  const changes = createCatalogChanges();
  changes.subscribe((change) => cache.apply(change));
  const held = { renders: new Map<string, number>(), release: () => {} };
  let entered = () => {};
  const app = express();
  let arrivals = 0;
  app.use((_req, _res, next) => {
    arrivals++;
    next();
  });
  app.use(memo.forgetOnWrites());
  app.use(publishWrites(changes));
  app.use(
    cache.middleware((req) => {
      const id = /^\/p\/(\d+)$/.exec(req.path)?.[1];
      return { key: req.path, product: id ? Number(id) : null, listing: !id };
    }),
  );
  app.post(["/stock", "/api/cart/items"], (_req, res) => {
    res.status(204).end();
  });
  app.get(/.*/, async (req, res) => {
    const n = held.renders.get(req.path) ?? 0;
    held.renders.set(req.path, n + 1);
    if (n > 0) {
      entered();
      await new Promise<void>((resolve) => (held.release = resolve));
    }
    res.json({ n });
  });
  const listening = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => listening.once("listening", resolve));
  const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  return {
    held,
    changes,
    url: `${base}/page`,
    get: (path = "/page", headers?: Record<string, string>) => fetch(`${base}${path}`, { headers }),
    write: () => fetch(`${base}/stock`, { method: "POST" }),
    /** A shopper's write that changes nothing others see (a cart call). */
    cartWrite: (cookie: string) => fetch(`${base}/api/cart/items`, { method: "POST", headers: { cookie } }),
    /** Starts a render that will wait; resolves, once it has begun, to its response to come. */
    async startHeldRender(path = "/page", headers?: Record<string, string>): Promise<{ response: Promise<Response> }> {
      const began = new Promise<void>((resolve) => (entered = resolve));
      const response = fetch(`${base}${path}`, { headers });
      await began;
      return { response };
    },
    /** Resolves when the next held render begins. */
    heldRenderBegins: () => new Promise<void>((resolve) => (entered = resolve)),
    /** Resolves once `n` requests have reached the app (the cache decides what to do with each in the same turn). */
    async arrived(n: number) {
      while (arrivals < n) await new Promise((resolve) => setTimeout(resolve, 5));
    },
    close: () => listening.close(),
  };
}

describe("an expired entry", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is rendered anew by one request while the others get the previous answer at once", async () => {
    // The clock moves only when the test says so: a busy machine cannot carry the entry past its stale window.
    vi.useFakeTimers({ toFake: ["Date"] });
    const app = await heldRenders(5000);
    try {
      expect(await (await fetch(app.url)).json()).toEqual({ n: 0 });
      vi.setSystemTime(Date.now() + 6000);
      const first = (await app.startHeldRender()).response;
      const other = await fetch(app.url);
      expect(other.headers.get("x-cache")).toBe("stale");
      expect(await other.json()).toEqual({ n: 0 });
      app.held.release();
      const fresh = await first;
      expect(fresh.headers.get("x-cache")).toBeNull();
      expect(await fresh.json()).toEqual({ n: 1 });
      expect((await fetch(app.url)).headers.get("x-cache")).toBe("hit");
    } finally {
      app.close();
    }
  });
});

describe("an expired entry no change has touched, renewed in the background (decision 0044)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is served to every request, the first included, while a request of the app's own renders it anew", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const app = await heldRenders(5000, { renewing: true });
    try {
      expect(await (await fetch(app.url)).json()).toEqual({ n: 0 });
      vi.setSystemTime(Date.now() + 6000);
      const renewalBegins = app.heldRenderBegins();
      const first = await fetch(app.url); // answered without waiting for the held render
      expect(first.headers.get("x-cache")).toBe("stale");
      expect(await first.json()).toEqual({ n: 0 });
      await renewalBegins;
      const other = await fetch(app.url);
      expect(other.headers.get("x-cache")).toBe("stale");
      expect(await other.json()).toEqual({ n: 0 });
      expect(app.held.renders.get("/page")).toBe(2);
      app.held.release();
      let next = await fetch(app.url);
      for (let tries = 0; next.headers.get("x-cache") !== "hit" && tries < 100; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        next = await fetch(app.url);
      }
      expect(next.headers.get("x-cache")).toBe("hit");
      expect(await next.json()).toEqual({ n: 1 });
      expect(app.held.renders.get("/page")).toBe(2);
    } finally {
      app.close();
    }
  });

  it("is not renewed for a visitor who names the renewal header: only the cache's own secret counts", async () => {
    const app = await heldRenders(60_000, { renewing: true });
    try {
      await fetch(app.url);
      const forced = await app.get("/page", { "x-cache-renewal": "guess" });
      expect(forced.headers.get("x-cache")).toBe("hit");
      expect(app.held.renders.get("/page")).toBe(1);
    } finally {
      app.close();
    }
  });

  it("is past its stale window, or touched by a change: then a request renders it and waits, as without renewal", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const app = await heldRenders(5000, { renewing: true });
    try {
      await fetch(app.url);
      vi.setSystemTime(Date.now() + 11_000);
      const { response } = await app.startHeldRender();
      app.held.release();
      const fresh = await response;
      expect(fresh.headers.get("x-cache")).toBeNull();
      expect(await fresh.json()).toEqual({ n: 1 });
    } finally {
      app.close();
    }
  });
});

describe("a write during a render", () => {
  it("keeps that render's answer out of the cache: it may predate the write", async () => {
    const app = await heldRenders(60_000);
    try {
      await fetch(app.url);
      await app.write();
      const before = (await app.startHeldRender()).response;
      await app.write();
      app.held.release();
      expect(await (await before).json()).toEqual({ n: 1 });
      const next = (await app.startHeldRender()).response;
      app.held.release();
      const after = await next;
      expect(after.headers.get("x-cache")).toBeNull();
      expect(await after.json()).toEqual({ n: 2 });
    } finally {
      app.close();
    }
  });
});

describe("a stock change during a render (decision 0022)", () => {
  const x = (res: Response) => res.headers.get("x-cache");

  it("renders a touched listing anew ahead of its end with one request, while the others are still served it", async () => {
    const app = await heldRenders(1500);
    try {
      await app.get("/page");
      app.changes.publish({ products: [2] }); // the listing shows stock in passing: touched
      await new Promise((resolve) => setTimeout(resolve, 1000)); // past 60 % of its life, not its end
      const early = (await app.startHeldRender("/page")).response;
      const meanwhile = await app.get("/page");
      expect([x(meanwhile), await meanwhile.json()]).toEqual(["hit", { n: 0 }]);
      app.held.release();
      expect(await (await early).json()).toEqual({ n: 1 });
      const after = await app.get("/page");
      expect([x(after), await after.json()]).toEqual(["hit", { n: 1 }]);
    } finally {
      app.close();
    }
  });

  it("keeps that render's answer out when it shows the changed product exactly, and stores it when it shows another", async () => {
    const app = await heldRenders(60_000);
    try {
      await app.get("/p/2");
      await app.get("/p/3");
      app.changes.publish({ products: [2, 3] });
      const two = (await app.startHeldRender("/p/2")).response;
      app.changes.publish({ products: [2] });
      app.held.release();
      expect(await (await two).json()).toEqual({ n: 1 });
      const three = (await app.startHeldRender("/p/3")).response;
      app.changes.publish({ products: [2] });
      app.held.release();
      expect(await (await three).json()).toEqual({ n: 1 });

      const nextTwo = (await app.startHeldRender("/p/2")).response;
      app.held.release();
      expect(x(await nextTwo)).toBeNull();
      const nextThree = await app.get("/p/3");
      expect(x(nextThree)).toBe("hit");
      expect(await nextThree.json()).toEqual({ n: 1 });
    } finally {
      app.close();
    }
  });

  it("stores a listing's answer as touched: anonymous visitors get it, a shopper with a cart gets a fresh one", async () => {
    const app = await heldRenders(60_000);
    try {
      await app.get("/list");
      await app.write();
      const render = (await app.startHeldRender("/list")).response;
      app.changes.publish({ products: [2] });
      app.held.release();
      expect(await (await render).json()).toEqual({ n: 1 });
      const anonymous = await app.get("/list");
      expect(x(anonymous)).toBe("hit");
      expect(await anonymous.json()).toEqual({ n: 1 });
      const shopper = (await app.startHeldRender("/list", { cookie: "cart=abc" })).response;
      app.held.release();
      const fresh = await shopper;
      expect(x(fresh)).toBeNull();
      expect(await fresh.json()).toEqual({ n: 2 });
    } finally {
      app.close();
    }
  });

  it("serves a touched listing to a shopper with a cart who wrote nothing since its render, and a fresh one to the one who did", async () => {
    const app = await heldRenders(60_000, { byWriter: true });
    try {
      await app.get("/list");
      await app.cartWrite("cart=buyer");
      app.changes.publish({ products: [2] });
      const browsing = await app.get("/list", { cookie: "cart=browsing" });
      expect(x(browsing)).toBe("hit");
      expect(await browsing.json()).toEqual({ n: 0 });
      const buyer = (await app.startHeldRender("/list", { cookie: "cart=buyer" })).response;
      app.held.release();
      const fresh = await buyer;
      expect(x(fresh)).toBeNull();
      expect(await fresh.json()).toEqual({ n: 1 });
      // The buyer's answer began after their write: from now on it serves them too.
      expect(x(await app.get("/list", { cookie: "cart=buyer" }))).toBe("hit");
    } finally {
      app.close();
    }
  });

  it("gives a render a change overtook to the requests that arrived before that change, and renders once more for the others", async () => {
    const app = await heldRenders(60_000);
    try {
      await app.get("/p/2");
      app.changes.publish({ products: [2] });
      const render = (await app.startHeldRender("/p/2")).response;
      const before = app.get("/p/2");
      await app.arrived(3);
      app.changes.publish({ products: [2] });
      const after = app.get("/p/2");
      await app.arrived(4);
      const next = app.heldRenderBegins();
      app.held.release();
      const first = await render;
      expect(x(first)).toBeNull();
      expect(await first.json()).toEqual({ n: 1 });
      const waited = await before;
      expect(x(waited)).toBe("shared");
      expect(await waited.json()).toEqual({ n: 1 });
      // The later request arrived after the change that overtook the render: it gets a render of its own, stored.
      await next;
      app.held.release();
      const own = await after;
      expect(x(own)).toBeNull();
      expect(await own.json()).toEqual({ n: 2 });
      expect(app.held.renders.get("/p/2")).toBe(3);
      const stored = await app.get("/p/2");
      expect(x(stored)).toBe("hit");
      expect(await stored.json()).toEqual({ n: 2 });
    } finally {
      app.close();
    }
  });

  it("a product-only change leaves other answers stored before it alone; a change to everything drops them all", async () => {
    const app = await heldRenders(60_000);
    try {
      for (const path of ["/p/2", "/p/3", "/list"]) await app.get(path);
      app.changes.publish({ products: [2] });
      expect(x(await app.get("/p/3"))).toBe("hit");
      expect(x(await app.get("/list"))).toBe("hit");
      const two = (await app.startHeldRender("/p/2")).response;
      app.held.release();
      expect(x(await two)).toBeNull();
      await app.write();
      for (const path of ["/p/2", "/p/3", "/list"]) {
        const again = (await app.startHeldRender(path)).response;
        app.held.release();
        expect(x(await again)).toBeNull();
      }
    } finally {
      app.close();
    }
  });
});

describe("a touched listing past its life", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is not served stale while it is rendered anew: the others wait for the new answer", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const app = await heldRenders(5000);
    try {
      await app.get("/list");
      app.changes.publish({ products: [2] });
      vi.setSystemTime(Date.now() + 6000);
      const first = (await app.startHeldRender("/list")).response;
      const other = app.get("/list");
      // The other request is waiting on the render; once released, both have the new answer.
      app.held.release();
      expect(await (await first).json()).toEqual({ n: 1 });
      const waited = await other;
      expect(waited.headers.get("x-cache")).toBe("hit");
      expect(await waited.json()).toEqual({ n: 1 });
    } finally {
      app.close();
    }
  });
});

describe("isAnonymous", () => {
  const request = (headers: Record<string, string>) => ({ headers }) as unknown as Request;

  it("is true only without a session, a cart cookie or a bearer token", () => {
    expect(isAnonymous(request({}))).toBe(true);
    expect(isAnonymous(request({ cookie: "theme=dark" }))).toBe(true);
    expect(isAnonymous(request({ cookie: "theme=dark; cart=abc" }))).toBe(false);
    expect(isAnonymous(request({ cookie: "session=abc" }))).toBe(false);
    expect(isAnonymous(request({ cookie: "__Host-session=abc" }))).toBe(false);
    expect(isAnonymous(request({ authorization: "Bearer abc" }))).toBe(false);
  });
});

describe("the response cache's bounds (decision 0035)", () => {
  async function boundedStore(bounds: { maxEntries?: number; maxBytes?: number }) {
    const cache = createResponseCache({ ttlMs: TTL_MS, ...bounds });
    const app = express();
    app.use(cache.middleware((req) => ({ key: req.path, product: null, listing: true })));
    app.get("/kb/:n", (req, res) => {
      res.type("text/plain").send(req.params.n.padEnd(Number(req.params.n) * 1024, "x"));
    });
    const listening = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => listening.once("listening", resolve));
    const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    return {
      cached: async (path: string) => (await fetch(`${base}${path}`)).headers.get("x-cache") === "hit",
      close: () => new Promise<void>((resolve) => listening.close(() => resolve())),
    };
  }

  it("keeps at most maxBytes of bodies, the least recently served going first; a body bigger than the bound alone is never kept", async () => {
    const store = await boundedStore({ maxBytes: 10 * 1024 });
    try {
      for (const n of [3, 4]) await store.cached(`/kb/${n}`);
      expect(await store.cached("/kb/3")).toBe(true); // 3 KB is now the most recently served
      await store.cached("/kb/5"); // 12 KB would pass the bound: the 4 KB answer, served longest ago, goes
      expect(await store.cached("/kb/3")).toBe(true);
      expect(await store.cached("/kb/5")).toBe(true);
      expect(await store.cached("/kb/4")).toBe(false); // (a miss: now kept again, the 3 KB one going)
      await store.cached("/kb/11");
      expect(await store.cached("/kb/11")).toBe(false);
    } finally {
      await store.close();
    }
  });

  it("keeps at most maxEntries answers", async () => {
    const store = await boundedStore({ maxEntries: 2 });
    try {
      for (const n of [1, 2]) await store.cached(`/kb/${n}`);
      expect(await store.cached("/kb/1")).toBe(true);
      await store.cached("/kb/3");
      expect(await store.cached("/kb/1")).toBe(true);
      expect(await store.cached("/kb/3")).toBe(true);
      expect(await store.cached("/kb/2")).toBe(false);
    } finally {
      await store.close();
    }
  });
});
