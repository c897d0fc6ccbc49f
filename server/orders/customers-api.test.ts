import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "../test/api-client";
import { registerShopper } from "../test/accounts-helpers";
import { signedInAdmin } from "../test/admin-helpers";
import { card, details, setVariantStock } from "../test/checkout-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAdmin(server);
  await setVariantStock(server.database.db, 3, "Black", "M", 50);
});
afterAll(() => server?.close());

async function buy(shopper: ReturnType<typeof createApiClient>, email: string, name: string) {
  await shopper.post("/api/cart/items", { productId: 3, quantity: 1, size: "M" });
  const started = await shopper.post("/api/create-payment-intent", { ...details, email, name });
  await shopper.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") });
  return started.body as { orderNumber: string; total: number };
}

describe("staff customers", () => {
  it("lists accounts and guest buyers by email, with paid orders, lifetime spend and newsletter status; searches name or email", async () => {
    const guest = createApiClient(server.url);
    const first = await buy(guest, "Quinn.Guestbuyer@example.com", "Quinn Guestbuyer");
    const second = await buy(guest, "quinn.guestbuyer@example.com", "Quinn Guestbuyer");
    await createApiClient(server.url).post("/api/newsletter", { email: "quinn.guestbuyer@example.com", source: "footer" });
    const member = createApiClient(server.url);
    const account = await registerShopper(member);

    const found = (await admin.get("/api/admin/customers?q=GUESTBUYER")).body;
    expect(found.customers).toEqual([
      { email: "quinn.guestbuyer@example.com", name: "Quinn Guestbuyer", account: null, orders: 2, lifetimeSpend: first.total + second.total, lastOrderAt: expect.any(String), subscribed: true },
    ]);
    const byAccount = (await admin.get(`/api/admin/customers?q=${encodeURIComponent(account.email)}`)).body.customers;
    expect(byAccount).toEqual([expect.objectContaining({ email: account.email.toLowerCase(), account: expect.objectContaining({ username: account.username }), orders: 0, lifetimeSpend: 0, subscribed: false })]);
    expect((await admin.get("/api/admin/customers")).body.customers[0].lifetimeSpend).toBeGreaterThanOrEqual(first.total + second.total);

    const detail = (await admin.get("/api/admin/customers/Quinn.Guestbuyer%40example.com")).body;
    expect(detail.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([second.orderNumber, first.orderNumber]);
  });

  it("refuses bad input, customers and visitors", async () => {
    expect((await admin.get("/api/admin/customers?sort=spend")).status).toBe(400);
    expect((await admin.get("/api/admin/customers/not-an-email")).body.message).toBe("Invalid email: must be an email address");
    expect((await admin.get("/api/admin/customers/nobody%40example.com")).status).toBe(404);
    expect((await createApiClient(server.url).get("/api/admin/customers")).status).toBe(401);
    const customer = createApiClient(server.url);
    await registerShopper(customer);
    expect((await customer.get("/api/admin/customers")).status).toBe(403);
  });
});
