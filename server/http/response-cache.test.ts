import type { AddressInfo } from "node:net";
import express, { type Request } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAdmin } from "../test/admin-helpers";
import { createApiClient } from "../test/api-client";
import { checkoutWith } from "../test/checkout-helpers";
import { startTestServer, type TestServer } from "../test/test-server";
import { createResponseCache, isAnonymous } from "./response-cache";

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

/** An app whose /page renders are counted; from the second render on, each waits until the test releases it. */
async function heldRenders(ttlMs: number) {
  const cache = createResponseCache({ ttlMs });
  const held = { renders: 0, release: () => {} };
  let entered = () => {};
  const app = express();
  app.use(cache.invalidator());
  app.use(cache.middleware((req) => req.path));
  app.get("/page", async (_req, res) => {
    const n = held.renders++;
    if (n > 0) {
      entered();
      await new Promise<void>((resolve) => (held.release = resolve));
    }
    res.json({ n });
  });
  app.post("/stock", (_req, res) => {
    res.status(204).end();
  });
  const listening = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => listening.once("listening", resolve));
  const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  return {
    held,
    url: `${base}/page`,
    write: () => fetch(`${base}/stock`, { method: "POST" }),
    /** Starts a render that will wait; resolves, once it has begun, to its response to come. */
    async startHeldRender(): Promise<{ response: Promise<Response> }> {
      const began = new Promise<void>((resolve) => (entered = resolve));
      const response = fetch(`${base}/page`);
      await began;
      return { response };
    },
    close: () => listening.close(),
  };
}

describe("an expired entry", () => {
  it("is rendered anew by one request while the others get the previous answer at once", async () => {
    const app = await heldRenders(50);
    try {
      expect(await (await fetch(app.url)).json()).toEqual({ n: 0 });
      await new Promise((resolve) => setTimeout(resolve, 80));
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
