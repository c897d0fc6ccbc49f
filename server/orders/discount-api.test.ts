import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discountRedemptions, orders } from "../db/schema";
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
  await setVariantStock(server.database.db, 5, "Black", "M", 100);
  await setVariantStock(server.database.db, 40, "Blue", "28", 100);
});
afterAll(() => server?.close());

type Client = ReturnType<typeof createApiClient>;
const shopperWith = async (items: { productId: number; size: string; color?: string; quantity?: number }[]): Promise<Client> => {
  const shopper = createApiClient(server.url);
  for (const item of items) {
    const added = await shopper.post("/api/cart/items", { color: "Default", quantity: 1, ...item });
    if (added.status !== 201) throw new Error(`add failed: ${added.text}`);
  }
  return shopper;
};
const createCode = (body: Record<string, unknown>) => admin.post("/api/admin/discounts", body);
const pay = (shopper: Client, started: { body: { paymentIntentId: string; clientSecret: string } }) =>
  shopper.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") });
const codeRow = async (code: string) => ((await admin.get("/api/admin/discounts")).body.discounts as { code: string; uses: number; held: number; revenueCents: number }[]).find((d) => d.code === code)!;

// Product 5 is a men's tee ($32.00); product 40 the women's wide leg jeans ($79.99).
const mensTee = { productId: 5, size: "M", color: "Black" };
const womensJeans = { productId: 40, size: "28", color: "Blue" };

describe("discount codes", () => {
  it("a percentage code for one collection takes off only that collection's lines, tax after the discount", async () => {
    expect((await createCode({ code: "men20", kind: "percent", percentOff: 20, collections: ["men"] })).status).toBe(201);
    const shopper = await shopperWith([mensTee, womensJeans]);
    const quote = await shopper.post("/api/checkout/quote", { discountCode: "MEN20" });
    expect(quote.body).toMatchObject({ discountCode: "MEN20", discountLabel: "20% off on Men's", subtotal: 111.99, discount: 6.4, tax: 8.45, total: 114.04 });
    const started = await shopper.post("/api/create-payment-intent", { ...details, discountCode: "men20" });
    expect(started.body).toMatchObject({ discount: 6.4, total: 114.04 });
    expect(await codeRow("MEN20")).toMatchObject({ uses: 0, held: 1, revenueCents: 0 });
    expect((await pay(shopper, started)).status).toBe(200);
    expect(await codeRow("MEN20")).toMatchObject({ uses: 1, held: 0, revenueCents: 114_04, discountCents: 6_40 });
  });

  it("a fixed amount never takes an order below $0; free shipping is accepted", async () => {
    await createCode({ code: "BIGGIFT", kind: "fixed", amountOffCents: 500_00 });
    await createCode({ code: "SHIPFREE", kind: "free_shipping" });
    const shopper = await shopperWith([mensTee]);
    expect((await shopper.post("/api/checkout/quote", { discountCode: "biggift" })).body).toMatchObject({ discountLabel: "$500.00 off", subtotal: 32, discount: 32, tax: 0, total: 0 });
    expect((await shopper.post("/api/checkout/quote", { discountCode: "shipfree" })).body).toMatchObject({ discountLabel: "Free shipping", discount: 0, shipping: 0, total: 34.56 });
  });

  it("says why a code is refused", async () => {
    const day = 86_400_000;
    await createCode({ code: "LATER", kind: "percent", percentOff: 10, startsAt: new Date(Date.now() + 10 * day).toISOString() });
    await createCode({ code: "GONE", kind: "percent", percentOff: 10, startsAt: new Date(Date.now() - 10 * day).toISOString(), expiresAt: new Date(Date.now() - day).toISOString() });
    await createCode({ code: "OFF", kind: "percent", percentOff: 10, active: false });
    await createCode({ code: "BIGBASKET", kind: "fixed", amountOffCents: 10_00, minSubtotalCents: 100_00 });
    await createCode({ code: "KIDSONLY", kind: "percent", percentOff: 10, collections: ["kids"] });
    const shopper = await shopperWith([mensTee]);
    const why = async (code: string) => (await shopper.post("/api/checkout/quote", { discountCode: code })).body.message;
    expect(await why("nope")).toBe("The code NOPE is not valid");
    expect(await why("off")).toBe("The code OFF is not valid");
    expect(await why("later")).toMatch(/^The code LATER starts on [A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(await why("gone")).toBe("The code GONE has expired");
    expect(await why("bigbasket")).toBe("The code BIGBASKET needs a subtotal of at least $100.00");
    expect(await why("kidsonly")).toBe("The code KIDSONLY is not valid for the items in your cart");
    // The same reason stops a checkout, and nothing is held.
    const started = await shopper.post("/api/create-payment-intent", { ...details, discountCode: "gone" });
    expect([started.status, started.body.message]).toEqual([400, "The code GONE has expired"]);
  });

  it("once per customer: by account, and by email for guests; a canceled checkout gives the use back", async () => {
    await createCode({ code: "ONCE", kind: "percent", percentOff: 10, oncePerCustomer: true });
    const guest = await shopperWith([mensTee]);
    const first = await guest.post("/api/create-payment-intent", { ...details, email: "once@example.com", discountCode: "once" });
    expect(first.status, first.text).toBe(200);
    expect((await pay(guest, first)).status).toBe(200);
    const again = await shopperWith([mensTee]);
    const refused = await again.post("/api/create-payment-intent", { ...details, email: "ONCE@example.com", discountCode: "once" });
    expect([refused.status, refused.body.message]).toEqual([400, "You have already used the code ONCE"]);
    const other = await again.post("/api/create-payment-intent", { ...details, email: "other@example.com", discountCode: "once" });
    expect(other.status, other.text).toBe(200);

    const member = createApiClient(server.url);
    await registerShopper(member);
    await member.post("/api/cart/items", { ...mensTee, quantity: 1 });
    const held = await member.post("/api/create-payment-intent", { ...details, email: "member-a@example.com", discountCode: "once" });
    expect(held.status, held.text).toBe(200);
    expect((await member.post("/api/checkout/quote", { discountCode: "once" })).body.message).toBe("You have already used the code ONCE");
    // Ending that checkout (the provider cancels it) frees the code for the same account.
    await server.database.db.update(orders).set({ reservationExpiresAt: new Date(server.clock.now.getTime() - 1000) }).where(eq(orders.paymentIntentId, held.body.paymentIntentId));
    await server.services.checkout.expireStaleOrders();
    const freed = await member.post("/api/checkout/quote", { discountCode: "once" });
    expect(freed.status, freed.text).toBe(200);
  });

  it("50 concurrent checkouts with a code limited to 10 uses give exactly 10 paid orders with it", async () => {
    await createCode({ code: "TENONLY", kind: "percent", percentOff: 10, usageLimit: 10 });
    await setVariantStock(server.database.db, 2, "Black", "XL", 100);
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => shopperWith([{ productId: 2, size: "XL" }])));
    const started = await Promise.all(shoppers.map((s) => s.post("/api/create-payment-intent", { ...details, discountCode: "TENONLY" })));
    const winners = started.map((res, i) => ({ res, shopper: shoppers[i]! })).filter(({ res }) => res.status === 200);
    expect(winners).toHaveLength(10);
    expect(started.filter((r) => r.status === 400).map((r) => r.body.message)).toEqual(Array(40).fill("The code TENONLY has been used up"));
    const paid = await Promise.all(winners.map(({ res, shopper }) => pay(shopper, res)));
    expect(paid.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await server.database.db.$count(orders, eq(orders.discountCode, "TENONLY"))).toBe(10);
    expect(await server.database.db.$count(discountRedemptions, eq(discountRedemptions.code, "TENONLY"))).toBe(10);
    expect(await codeRow("TENONLY")).toMatchObject({ uses: 10, held: 0 });
    const late = await shopperWith([{ productId: 2, size: "XL" }]);
    expect((await late.post("/api/checkout/quote", { discountCode: "tenonly" })).body.message).toBe("The code TENONLY has been used up");
  });

  it("staff change a code: disabling it stops it at once; the list shows uses and revenue", async () => {
    await createCode({ code: "PAUSE", kind: "percent", percentOff: 5 });
    const shopper = await shopperWith([mensTee]);
    expect((await shopper.post("/api/checkout/quote", { discountCode: "pause" })).status).toBe(200);
    const changed = await admin.patch("/api/admin/discounts/pause", { active: false });
    expect(changed.status).toBe(200);
    expect((await shopper.post("/api/checkout/quote", { discountCode: "pause" })).body.message).toBe("The code PAUSE is not valid");
    await admin.patch("/api/admin/discounts/PAUSE", { active: true, kind: "fixed", amountOffCents: 3_00 });
    expect((await shopper.post("/api/checkout/quote", { discountCode: "pause" })).body).toMatchObject({ discountLabel: "$3.00 off", discount: 3 });
    const audit = (await admin.get("/api/admin/audit?entity=discount&entityId=PAUSE")).body.entries;
    expect(audit.map((e: { action: string }) => e.action)).toEqual(["update", "update", "create"]);
  });

  it("refuses bad input with a clear 400 and changes nothing; a taken code 409; customers 403, visitors 401", async () => {
    const before = (await admin.get("/api/admin/discounts")).body;
    const cases: [unknown, number, string][] = [
      [{ code: "X", kind: "percent", percentOff: 10 }, 400, "Invalid discount: code: must be 3-40 letters, digits, dashes or underscores"],
      [{ code: "HALF", kind: "percent" }, 400, "Invalid discount: a percent code takes percentOff (1-100) and no amountOffCents"],
      [{ code: "HALF", kind: "percent", percentOff: 150 }, 400, "Invalid discount: percentOff: Too big: expected number to be <=100"],
      [{ code: "TENNER", kind: "fixed", amountOffCents: 10.5 }, 400, "Invalid discount: amountOffCents: must be a whole number of cents"],
      [{ code: "SHIP", kind: "free_shipping", percentOff: 5 }, 400, "Invalid discount: a free-shipping code takes neither percentOff nor amountOffCents"],
      [{ code: "BACKWARDS", kind: "percent", percentOff: 5, startsAt: "2027-01-02T00:00:00Z", expiresAt: "2027-01-01T00:00:00Z" }, 400, "Invalid discount: expiresAt must come after startsAt"],
      [{ code: "PETS", kind: "percent", percentOff: 5, collections: ["pets"] }, 400, "Unknown collection 'pets'"],
      [{ code: "EXTRA", kind: "percent", percentOff: 5, colour: "red" }, 400, "Invalid discount: Unknown field: colour"],
      [{ code: "men20", kind: "percent", percentOff: 5 }, 409, "There is already a code MEN20"],
    ];
    for (const [body, status, message] of cases) {
      const res = await createCode(body as Record<string, unknown>);
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
    expect((await admin.patch("/api/admin/discounts/MEN20", { kind: "fixed" })).body.message).toBe("Invalid discount: a fixed code takes amountOffCents and no percentOff");
    expect((await admin.patch("/api/admin/discounts/NOSUCH", { active: false })).status).toBe(404);
    expect((await admin.get("/api/admin/discounts")).body).toEqual(before);
    expect((await createApiClient(server.url).get("/api/admin/discounts")).status).toBe(401);
    const customer = createApiClient(server.url);
    await registerShopper(customer);
    expect((await customer.post("/api/admin/discounts", { code: "MINE", kind: "percent", percentOff: 90 })).status).toBe(403);
  });
});
