import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { carts as cartsTable, users, variants } from "../db/schema";
import { registerShopper } from "../test/accounts-helpers";
import { createApiClient } from "../test/api-client";
import { startTestServer, type TestServer } from "../test/test-server";
import type { Cart } from "./cart-types";

let server: TestServer;
let shopper: ReturnType<typeof createApiClient>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
beforeEach(() => {
  shopper = createApiClient(server.url);
});

async function setStock(productId: number, color: string, size: string, onHand: number, reserved = 0) {
  await server.database.db
    .update(variants)
    .set({ onHand, reserved })
    .where(and(eq(variants.productId, productId), eq(variants.color, color), eq(variants.size, size)));
}

const hoodieM = { productId: 2, quantity: 1, color: "Default", size: "M" };

describe("GET /api/cart", () => {
  it("is an empty cart for a new shopper, without creating anything", async () => {
    const res = await shopper.get("/api/cart");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [], itemCount: 0, subtotal: 0, discount: 0, shipping: 0, tax: 0, taxRatePercent: 8, taxIncluded: false, freeShippingRemaining: null, estimated: false, total: 0 });
    expect(shopper.jar.size).toBe(0);
  });

  it("ignores a forged or unknown cart cookie", async () => {
    const res = await shopper.get("/api/cart", { cookie: "cart=not-a-real-token" });
    expect(res.body.items).toEqual([]);
  });
});

describe("POST /api/cart/items", () => {
  beforeEach(() => setStock(2, "Black", "M", 10));

  it("merges the same product, colour and size into one line and prices it (SPEC check: 2 VSOP hoodies)", async () => {
    const first = await shopper.post("/api/cart/items", hoodieM);
    expect(first.status).toBe(201);
    expect(first.headers.get("set-cookie")).toMatch(/^cart=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/; Expires=.+; HttpOnly; SameSite=Lax$/);
    const second = await shopper.post("/api/cart/items", hoodieM);
    const cart = second.body as Cart;
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ productId: 2, quantity: 2, size: "M", color: "Black", unitPrice: 149.99, lineTotal: 299.98 });
    expect(cart).toMatchObject({ itemCount: 2, subtotal: 299.98, tax: 24, shipping: 0, total: 323.98 });
    expect((await shopper.get("/api/cart")).body).toEqual(cart);
  });

  it("keeps different sizes and colours on separate lines", async () => {
    await shopper.post("/api/cart/items", { productId: 4, quantity: 1, color: "black", size: "m" });
    await setStock(4, "White", "M", 5);
    const res = await shopper.post("/api/cart/items", { productId: 4, quantity: 2, color: "White", size: "M" });
    expect(res.body.items.map((i: { color: string; quantity: number }) => [i.color, i.quantity])).toEqual([
      ["Black", 1],
      ["White", 2],
    ]);
  });

  it("caps a merged line at 99", async () => {
    await setStock(2, "Black", "M", 500);
    await shopper.post("/api/cart/items", { ...hoodieM, quantity: 60 });
    const res = await shopper.post("/api/cart/items", { ...hoodieM, quantity: 60 });
    expect(res.status).toBe(201);
    expect(res.body.items[0].quantity).toBe(99);
  });

  it("refuses more than is available, counting what is reserved and already in the cart", async () => {
    await setStock(2, "Black", "M", 5, 2);
    await shopper.post("/api/cart/items", { ...hoodieM, quantity: 2 });
    const res = await shopper.post("/api/cart/items", { ...hoodieM, quantity: 2 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Only 3 left of VSOP Premium Hoodie (size M); you asked for 4");
    expect((await shopper.get("/api/cart")).body.items[0].quantity).toBe(2);
  });

  it("counts every one of many concurrent adds to one line, and never more than is available", async () => {
    await setStock(2, "Black", "M", 8);
    await shopper.post("/api/cart/items", hoodieM);
    const answers = await Promise.all(Array.from({ length: 10 }, () => shopper.post("/api/cart/items", hoodieM)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(7);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(3);
    expect((await shopper.get("/api/cart")).body.items[0].quantity).toBe(8);
  });

  it("makes no cart for a first add that is refused", async () => {
    const carts = () => server.database.db.$count(cartsTable);
    const before = await carts();
    expect((await shopper.post("/api/cart/items", { ...hoodieM, productId: 999_999 })).status).toBe(404);
    expect((await shopper.post("/api/cart/items", { ...hoodieM, quantity: 11 })).status).toBe(409);
    expect(await carts()).toBe(before);
    expect(shopper.jar.has("cart")).toBe(false);
  });

  it("starts a new cart for a well-formed but unknown cart cookie, touching no one else's", async () => {
    const first = await shopper.post("/api/cart/items", hoodieM);
    expect(first.status).toBe(201);
    const stranger = createApiClient(server.url);
    const res = await stranger.post("/api/cart/items", hoodieM, { cookie: "cart=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" });
    expect(res.status).toBe(201);
    expect(res.body.items[0].quantity).toBe(1);
    expect(stranger.jar.get("cart")).toMatch(/^[\w-]{43}$/);
    expect((await shopper.get("/api/cart")).body.items[0].quantity).toBe(1);
  });

  it("counts both of two first adds a signed-in shopper makes at once, in one cart", async () => {
    const { username } = await registerShopper(shopper);
    const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    const owner = { userId: user!.id, cartToken: null };
    const item = { productId: 2, quantity: 1, color: "Default", size: "M" };
    const added = await Promise.all([server.services.cart.addCartItem({ owner, item }), server.services.cart.addCartItem({ owner, item })]);
    expect(added.map((a) => a.token)).toEqual([undefined, undefined]);
    expect((await shopper.get("/api/cart")).body.items).toEqual([expect.objectContaining({ quantity: 2 })]);
  });

  it("refuses a sold-out size", async () => {
    await setStock(2, "Black", "M", 0);
    const res = await shopper.post("/api/cart/items", hoodieM);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("VSOP Premium Hoodie (size M) is sold out");
  });

  it.each([
    [{ ...hoodieM, quantity: 0 }, 400, "quantity"],
    [{ ...hoodieM, quantity: 100 }, 400, "quantity"],
    [{ ...hoodieM, quantity: "2" }, 400, "quantity"],
    [{ ...hoodieM, quantity: 1.5 }, 400, "quantity"],
    [{ productId: 2, quantity: 1, color: "Default" }, 400, "size"],
    [{ ...hoodieM, size: "XXXXL" }, 400, "Size 'XXXXL' is not available for VSOP Premium Hoodie"],
    [{ productId: 4, quantity: 1, color: "Purple", size: "M" }, 400, "Colour 'Purple' is not available"],
    [{ productId: 4, quantity: 1, size: "M" }, 400, "Choose a colour for Essential Crew Tee"],
    [{ ...hoodieM, productId: 999999 }, 404, "Product 999999 not found"],
    [{ ...hoodieM, productId: "2" }, 400, "productId"],
    [{ ...hoodieM, price: 0.01 }, 400, "Unknown field: price"],
    [[hoodieM], 400, "Invalid cart item"],
    [null, 400, "Invalid cart item"],
  ])("refuses %j with %i and leaves the cart unchanged", async (body, status, message) => {
    await shopper.post("/api/cart/items", hoodieM);
    const before = (await shopper.get("/api/cart")).body;
    const res = await shopper.post("/api/cart/items", body);
    expect(res.status).toBe(status);
    expect(res.body.message).toContain(message);
    expect((await shopper.get("/api/cart")).body).toEqual(before);
  });

  it("refuses malformed JSON, non-JSON bodies and cross-site requests", async () => {
    expect((await shopper.post("/api/cart/items", "{")).status).toBe(400);
    const form = await shopper.post("/api/cart/items", undefined, { "content-type": "application/x-www-form-urlencoded" });
    expect(form.status).toBe(403);
    const crossSite = await shopper.post("/api/cart/items", hoodieM, { "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    const otherOrigin = await shopper.post("/api/cart/items", hoodieM, { origin: "https://evil.example" });
    expect(otherOrigin.status).toBe(403);
    expect((await shopper.get("/api/cart")).body.items).toEqual([]);
  });
});

describe("PATCH /api/cart/items/{id}", () => {
  beforeEach(() => setStock(2, "Black", "L", 6));

  it("sets the quantity and answers the repriced cart", async () => {
    const added = await shopper.post("/api/cart/items", { ...hoodieM, size: "L" });
    const id = added.body.items[0].id;
    const res = await shopper.patch(`/api/cart/items/${id}`, { quantity: 3 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ itemCount: 3, subtotal: 449.97, tax: 36, total: 485.97 });
  });

  it("refuses out-of-range or excessive quantities and other shoppers' lines", async () => {
    const added = await shopper.post("/api/cart/items", { ...hoodieM, size: "L" });
    const id = added.body.items[0].id;
    for (const quantity of [0, 100, "3", null]) expect((await shopper.patch(`/api/cart/items/${id}`, { quantity })).status).toBe(400);
    expect((await shopper.patch(`/api/cart/items/${id}`, { quantity: 2, extra: true })).status).toBe(400);
    const tooMany = await shopper.patch(`/api/cart/items/${id}`, { quantity: 7 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe("Only 6 left of VSOP Premium Hoodie (size L); you asked for 7");
    const stranger = createApiClient(server.url);
    await stranger.post("/api/cart/items", { productId: 3, quantity: 1, size: "S" });
    expect((await stranger.patch(`/api/cart/items/${id}`, { quantity: 2 })).status).toBe(404);
    expect((await shopper.patch("/api/cart/items/abc", { quantity: 2 })).status).toBe(400);
    expect((await shopper.get("/api/cart")).body.items[0].quantity).toBe(1);
  });
});

describe("DELETE /api/cart/items/{id} and /api/cart", () => {
  it("removes one line, then clears the cart", async () => {
    await setStock(3, "Black", "S", 5);
    await setStock(1, "Black", "M", 5);
    await shopper.post("/api/cart/items", { productId: 3, quantity: 1, size: "S" });
    const both = await shopper.post("/api/cart/items", { productId: 1, quantity: 1, size: "M" });
    const [shorts, set] = both.body.items;
    const removed = await shopper.delete(`/api/cart/items/${shorts.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.items.map((i: { id: number }) => i.id)).toEqual([set.id]);
    expect((await shopper.delete(`/api/cart/items/${shorts.id}`)).status).toBe(404);
    const cleared = await shopper.delete("/api/cart");
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ items: [], total: 0 });
  });

  it("clearing a cart that does not exist answers an empty cart", async () => {
    expect((await shopper.delete("/api/cart")).body).toMatchObject({ items: [], itemCount: 0 });
  });
});
