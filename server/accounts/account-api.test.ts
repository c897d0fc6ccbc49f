import { promoteToStaff } from "../test/admin-helpers";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { createServices } from "../context";
import { createTestPaymentProvider } from "../payments/test-provider";
import { createApiClient } from "../test/api-client";
import { PASSWORD, registerShopper } from "../test/accounts-helpers";
import { card, details } from "../test/checkout-helpers";
import { createMemoryMailer } from "../test/memory-mailer";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function signedIn() {
  const shopper = createApiClient(server.url);
  const account = await registerShopper(shopper);
  return { shopper, ...account };
}

async function buy(shopper: ReturnType<typeof createApiClient>) {
  await shopper.post("/api/cart/items", { productId: 1, quantity: 1, size: "XL" });
  const started = await shopper.post("/api/create-payment-intent", details);
  await shopper.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") });
  return started.body as { orderNumber: string; paymentIntentId: string };
}

describe("account orders", () => {
  it("lists the shopper's own orders and hides them from everyone else", async () => {
    const a = await signedIn();
    const order = await buy(a.shopper);
    const list = await a.shopper.get("/api/account/orders");
    expect(list.body).toEqual([expect.objectContaining({ orderNumber: order.orderNumber, status: "paid", totalAmount: 215.99, itemCount: 1 })]);
    const detail = await a.shopper.get(`/api/account/orders/${order.orderNumber}`);
    expect(detail.body.shipping).toMatchObject({ name: details.name, city: "Portland" });

    const b = await signedIn();
    expect((await b.shopper.get(`/api/account/orders/${order.orderNumber}`)).status).toBe(404);
    expect((await b.shopper.get(`/api/order-status/${order.paymentIntentId}`)).status).toBe(404);
    expect((await b.shopper.get("/api/account/orders")).body).toEqual([]);
    expect((await createApiClient(server.url).get("/api/account/orders")).status).toBe(401);
  });

  it("an order placed before signing in joins the account at sign-in", async () => {
    const { username } = await signedIn();
    const browser = createApiClient(server.url);
    const order = await buy(browser);
    await browser.post("/api/auth/login", { username, password: PASSWORD });
    expect((await browser.get("/api/account/orders")).body.map((o: { orderNumber: string }) => o.orderNumber)).toContain(order.orderNumber);
  });
});

describe("profile and favourites", () => {
  it("edits the profile, keeping usernames unique", async () => {
    const { shopper } = await signedIn();
    const other = await signedIn();
    const res = await shopper.patch("/api/account/profile", { name: "Jordan Lee-Park" });
    expect(res.body.name).toBe("Jordan Lee-Park");
    expect((await shopper.patch("/api/account/profile", { username: other.username })).status).toBe(409);
    expect((await shopper.patch("/api/account/profile", {})).status).toBe(400);
    expect((await shopper.patch("/api/account/profile", { role: "admin" })).status).toBe(400);
  });

  it("adds, lists and removes favourites", async () => {
    const { shopper } = await signedIn();
    expect((await shopper.post("/api/favorites", { productId: 2 })).status).toBe(201);
    const listed = await shopper.post("/api/favorites", { productId: 5 });
    expect(listed.body.map((p: { id: number }) => p.id)).toEqual([5, 2]);
    expect((await shopper.post("/api/favorites", { productId: 999999 })).status).toBe(404);
    expect((await shopper.delete("/api/favorites/2")).body.map((p: { id: number }) => p.id)).toEqual([5]);
    expect((await createApiClient(server.url).get("/api/favorites")).status).toBe(401);
  });
});

describe("admin APIs", () => {
  it("refuse anonymous (401) and customers (403), answer admins", async () => {
    expect((await createApiClient(server.url).get("/api/admin/orders")).status).toBe(401);
    const customer = await signedIn();
    const refused = await customer.shopper.get("/api/admin/orders");
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Only staff can do this");
    const admin = await signedIn();
    await promoteToStaff(server.database.db, admin.username);
    const res = await admin.shopper.get("/api/admin/orders?status=paid");
    expect(res.status).toBe(200);
    expect(res.body.orders.every((o: { status: string }) => o.status === "paid")).toBe(true);
  });
});

describe("logs", () => {
  it("never contain a password, session token, card number or payment client secret", async () => {
    const lines: string[] = [];
    const logger = pino({ level: "trace" }, new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }));
    const payments = createTestPaymentProvider({ db: server.database.db });
    const services = createServices({ db: server.database.db, payments, mailer: createMemoryMailer(), logger, storeUrl: "http://store.test", media: server.services.media });
    const app = createApp({ services, logger, production: true });
    const listener = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => listener.once("listening", resolve));
    try {
      const shopper = createApiClient(`http://127.0.0.1:${(listener.address() as { port: number }).port}`);
      const { username, res } = await registerShopper(shopper);
      await shopper.post("/api/auth/login", { username, password: "wrong password here" });
      const login = await shopper.post("/api/auth/login", { username, password: PASSWORD });
      await shopper.post("/api/cart/items", { productId: 1, quantity: 1, size: "S" });
      const started = await shopper.post("/api/create-payment-intent", details);
      await shopper.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") });
      const log = lines.join("");
      expect(log).toContain('"path":"/api/auth/login"');
      for (const secret of [PASSWORD, "wrong password here", res.body.token, login.body.token, started.body.clientSecret, "4242424242424242"]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
  });
});
