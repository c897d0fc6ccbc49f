import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { orders } from "../db/schema";
import { createApiClient } from "../test/api-client";
import { card, details, setVariantStock, variantStock } from "../test/checkout-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

it("50 shoppers check out at once for a variant with 10 in stock: exactly 10 pay, stock never goes negative", async () => {
  await setVariantStock(server.database.db, 2, "Black", "L", 10);
  const shoppers = Array.from({ length: 50 }, () => createApiClient(server.url));
  for (const shopper of shoppers) {
    const added = await shopper.post("/api/cart/items", { productId: 2, quantity: 1, color: "Default", size: "L" });
    expect(added.status).toBe(201);
  }

  const started = await Promise.all(shoppers.map((s) => s.post("/api/create-payment-intent", details)));
  const winners = started.map((res, i) => ({ res, shopper: shoppers[i]! })).filter(({ res }) => res.status === 200);
  expect(winners).toHaveLength(10);
  expect(started.filter((r) => r.status === 409)).toHaveLength(40);
  expect(started.every((r) => r.status === 200 || r.status === 409)).toBe(true);
  expect(await variantStock(server.database.db, 2, "Black", "L")).toEqual({ onHand: 10, reserved: 10 });

  const paid = await Promise.all(
    winners.map(({ res, shopper }) => shopper.post(`/api/test-payments/${res.body.paymentIntentId}/confirm`, { clientSecret: res.body.clientSecret, ...card("4242424242424242") })),
  );
  expect(paid.map((r) => r.status)).toEqual(Array(10).fill(200));
  expect(await variantStock(server.database.db, 2, "Black", "L")).toEqual({ onHand: 0, reserved: 0 });
  expect(await server.database.db.$count(orders, eq(orders.status, "paid"))).toBe(10);
  expect(server.mailer.sent).toHaveLength(10);

  const late = await shoppers.find((s) => !winners.some((w) => w.shopper === s))!.post("/api/create-payment-intent", details);
  expect(late.status).toBe(409);
  expect(late.body.message).toBe("VSOP Premium Hoodie (Black, size L) is sold out. Remove it from your cart to check out.");
});
