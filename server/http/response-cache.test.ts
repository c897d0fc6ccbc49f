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

describe("an expired entry", () => {
  it("is rendered anew by one request while the others get the previous answer at once", async () => {
    const cache = createResponseCache({ ttlMs: 50 });
    let renders = 0;
    let release: () => void = () => {};
    let entered: () => void = () => {};
    const app = express();
    app.use(cache.middleware((req) => req.path));
    app.get("/page", async (_req, res) => {
      const n = renders++;
      if (n > 0) {
        entered();
        await new Promise<void>((resolve) => (release = resolve));
      }
      res.json({ n });
    });
    const listening = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => listening.once("listening", resolve));
    const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/page`;
    try {
      expect(await (await fetch(url)).json()).toEqual({ n: 0 });
      await new Promise((resolve) => setTimeout(resolve, 80));
      const rendering = new Promise<void>((resolve) => (entered = resolve));
      const first = fetch(url);
      await rendering;
      const other = await fetch(url);
      expect(other.headers.get("x-cache")).toBe("stale");
      expect(await other.json()).toEqual({ n: 0 });
      release();
      const fresh = await first;
      expect(fresh.headers.get("x-cache")).toBeNull();
      expect(await fresh.json()).toEqual({ n: 1 });
      expect((await fetch(url)).headers.get("x-cache")).toBe("hit");
    } finally {
      listening.close();
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
