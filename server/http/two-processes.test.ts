import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders } from "../db/schema";
import { PASSWORD, registerShopper } from "../test/accounts-helpers";
import { createApiClient } from "../test/api-client";
import { confirmationsSent, twoProcesses } from "../test/app-processes";
import { card, details, setVariantStock, variantStock } from "../test/checkout-helpers";
import { testDatabaseUrl } from "../test/test-database";

// DESIGN §8: no in-process session, cart or rate-limit state, so any instance serves any request.
describe.skipIf(!testDatabaseUrl)("two app processes on one PostgreSQL (skipped without TEST_DATABASE_URL: PGlite allows one process)", { timeout: 120_000 }, () => {
  const processes = twoProcesses();

  it("a session made on one process works on the other, and signing out on either ends it on both", async () => {
    const { a, b } = processes;
    const onA = createApiClient(a.url);
    const { username, res } = await registerShopper(onA);
    expect(res.status).toBe(201);
    const onB = createApiClient(b.url, new Map(onA.jar));
    expect((await onB.get("/api/auth/me")).body).toMatchObject({ username });

    const signedInOnB = createApiClient(b.url);
    expect((await signedInOnB.post("/api/auth/login", { username, password: PASSWORD })).status).toBe(200);
    const sameOnA = createApiClient(a.url, new Map(signedInOnB.jar));
    expect((await sameOnA.get("/api/auth/me")).body).toMatchObject({ username });
    expect((await sameOnA.get("/api/account/orders")).status).toBe(200);

    expect((await onB.post("/api/auth/logout", {})).status).toBe(200);
    expect((await onA.get("/api/auth/me")).status).toBe(401);
    expect((await sameOnA.get("/api/auth/me")).status).toBe(200);
  });

  it("one cart cookie is the same cart on both processes", async () => {
    const { a, b } = processes;
    const onA = createApiClient(a.url);
    const added = await onA.post("/api/cart/items", { productId: 2, quantity: 1, color: "Default", size: "M" });
    expect(added.status).toBe(201);
    const onB = createApiClient(b.url, onA.jar);
    const read = await onB.get("/api/cart");
    expect(read.body.items).toMatchObject([{ productId: 2, size: "M", quantity: 1 }]);

    const id = read.body.items[0].id;
    expect((await onB.patch(`/api/cart/items/${id}`, { quantity: 3 })).status).toBe(200);
    expect((await onB.post("/api/cart/items", { productId: 2, quantity: 1, color: "Default", size: "S" })).status).toBe(201);
    expect((await onA.get("/api/cart")).body.items.map((i: { size: string; quantity: number }) => [i.size, i.quantity]).sort()).toEqual([["M", 3], ["S", 1]]);
    expect((await onA.delete(`/api/cart/items/${id}`)).status).toBe(200);
    expect((await onB.get("/api/cart")).body.items).toMatchObject([{ size: "S", quantity: 1 }]);
  });

  it("sign-in attempts count across both processes: 10 failures alternating between them lock the account on both", async () => {
    const { a, b } = processes;
    const { username } = await registerShopper(createApiClient(a.url));
    for (let i = 0; i < 10; i++) {
      const via = createApiClient(i % 2 === 0 ? a.url : b.url);
      expect((await via.post("/api/auth/login", { username, password: `wrong ${i}` })).status).toBe(401);
    }
    for (const url of [a.url, b.url]) {
      const locked = await createApiClient(url).post("/api/auth/login", { username, password: PASSWORD });
      expect(locked.status).toBe(429);
      expect(locked.body.message).toMatch(/^Too many attempts/);
    }
  });

  it("50 shoppers split over both processes check out 10 units at once: exactly 10 pay, once each", async () => {
    const { a, b, database, dataDir } = processes;
    await setVariantStock(database.db, 2, "Black", "L", 10);
    const shoppers = Array.from({ length: 50 }, (_, i) => createApiClient(i % 2 === 0 ? a.url : b.url));
    for (const shopper of shoppers) expect((await shopper.post("/api/cart/items", { productId: 2, quantity: 1, color: "Default", size: "L" })).status).toBe(201);

    const started = await Promise.all(shoppers.map((s) => s.post("/api/create-payment-intent", details)));
    expect(started.filter((r) => r.status === 200)).toHaveLength(10);
    expect(started.filter((r) => r.status === 409)).toHaveLength(40);
    expect(await variantStock(database.db, 2, "Black", "L")).toEqual({ onHand: 10, reserved: 10 });

    // Each winner pays on the process it did not start checkout on.
    const winners = shoppers.flatMap((s, i) => (started[i]!.status === 200 ? [{ jar: s.jar, url: i % 2 === 0 ? b.url : a.url, body: started[i]!.body }] : []));
    const paid = await Promise.all(
      winners.map(({ jar, url, body }) => createApiClient(url, jar).post(`/api/test-payments/${body.paymentIntentId}/confirm`, { clientSecret: body.clientSecret, ...card("4242424242424242") })),
    );
    expect(paid.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await variantStock(database.db, 2, "Black", "L")).toEqual({ onHand: 0, reserved: 0 });
    const paidOrders = await database.db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.status, "paid"));
    expect(paidOrders).toHaveLength(10);
    expect(await confirmationsSent(dataDir)).toEqual(paidOrders.map((o) => o.orderNumber).sort());
  });
});
