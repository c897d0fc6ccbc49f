import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, users } from "../db/schema";
import { createApiClient } from "../test/api-client";
import { PASSWORD, registerShopper } from "../test/accounts-helpers";
import { card, details, setVariantStock } from "../test/checkout-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await setVariantStock(server.database.db, 3, "Black", "M", 50);
});
afterAll(() => server?.close());

async function shopperWithOrder() {
  const shopper = createApiClient(server.url);
  const account = await registerShopper(shopper);
  await shopper.post("/api/cart/items", { productId: 3, quantity: 1, size: "M" });
  const started = await shopper.post("/api/create-payment-intent", { ...details, email: account.email });
  await shopper.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") });
  await shopper.post("/api/favorites", { productId: 2 });
  await createApiClient(server.url).post("/api/newsletter", { email: account.email, source: "footer" });
  return { shopper, account, orderNumber: started.body.orderNumber as string };
}

describe("my data", () => {
  it("downloads everything the store holds about the shopper, and nothing secret", async () => {
    const { shopper, account, orderNumber } = await shopperWithOrder();
    const res = await shopper.get("/api/account/export");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="vsop-apparel-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = JSON.parse(res.text);
    expect(data.profile).toMatchObject({ username: account.username, email: account.email, name: "Jordan Lee" });
    expect(data.orders).toEqual([expect.objectContaining({ orderNumber, total: 86.39, shipTo: expect.objectContaining({ line1: "12 Market Street" }), items: [expect.objectContaining({ name: "VSOP Premium Shorts", quantity: 1 })] })]);
    expect(data.favourites).toEqual([expect.objectContaining({ productId: 2 })]);
    expect(data.newsletter).toMatchObject({ source: "footer" });
    expect(res.text).not.toMatch(/\$argon2|password_hash|passwordHash/);
    expect((await createApiClient(server.url).get("/api/account/export")).status).toBe(401);
  });

  it("deleting the account needs the password; sessions and personal data go, paid orders stay without the email, and the email can register again", async () => {
    const { shopper, account, orderNumber } = await shopperWithOrder();
    expect((await shopper.post("/api/account/delete", { password: "not the password" })).body.message).toBe("Your password is not right");
    expect((await shopper.get("/api/auth/me")).status).toBe(200);
    server.mailer.sent.length = 0;
    const deleted = await shopper.post("/api/account/delete", { password: PASSWORD });
    expect(deleted.status).toBe(200);
    expect((await shopper.get("/api/auth/me")).status).toBe(401);
    expect(await server.database.db.$count(users, eq(users.email, account.email))).toBe(0);
    const [order] = await server.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    expect(order).toMatchObject({ userId: null, email: expect.stringMatching(/^deleted-[0-9a-f]{16}@invalid$/), shippingName: details.name, totalCents: 86_39 });
    expect(server.mailer.sent).toEqual([expect.objectContaining({ to: account.email, subject: "Your VSOP Apparel account is deleted" })]);
    const again = await registerShopper(createApiClient(server.url), { email: account.email, username: `${account.username}2` });
    expect(again.res.status).toBe(201);
    expect((await createApiClient(server.url).post("/api/auth/login", { username: account.username, password: PASSWORD })).status).toBe(401);
  });

  it("refuses bad input", async () => {
    const shopper = createApiClient(server.url);
    await registerShopper(shopper);
    expect((await shopper.post("/api/account/delete", {})).body.message).toBe("Invalid request: Confirm with your password or a passkey");
    const forged = { ceremonyId: (await shopper.post("/api/auth/passkey/options", {})).body.ceremonyId, response: { id: "AAAA", rawId: "AAAA", type: "public-key", response: {} } };
    expect((await shopper.post("/api/account/delete", { passkey: forged })).body.message).toBe("That passkey didn't confirm it. Try again, or use your password.");
    expect((await shopper.get("/api/auth/me")).status).toBe(200);
    expect((await shopper.post("/api/account/delete", { password: "x", confirm: true })).status).toBe(400);
    expect((await createApiClient(server.url).post("/api/account/delete", { password: "x" })).status).toBe(401);
  });
});
