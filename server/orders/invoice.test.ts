import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, variants } from "../db/schema";
import { registerShopper } from "../test/accounts-helpers";
import { signedInAdmin, signedInStaff } from "../test/admin-helpers";
import { createApiClient } from "../test/api-client";
import { card, details } from "../test/checkout-helpers";
import { pricingRules } from "../test/pricing-rules-helpers";
import { startTestServer, type TestServer } from "../test/test-server";
import { orderCharges } from "./order-charges";
import { listOrderTaxLines, summarizeTaxLines } from "./tax-lines";

/**
 * The invoice pages (issue 27): /account/orders/:n/invoice for the order's shopper, /admin/orders/:n/invoice for staff
 * who may read orders. The seller is the settings as they are now; the amounts are the order's as stored.
 */
let server: TestServer;
let shopper: ReturnType<typeof createApiClient>;
let staff: Awaited<ReturnType<typeof signedInAdmin>>;
let orderNumber: string;

const brooklyn = { line1: "9 Bedford Avenue", city: "Brooklyn", region: "NY", postalCode: "11211", country: "US" };

beforeAll(async () => {
  server = await startTestServer({ pages: true });
  staff = await signedInAdmin(server);
  // Two taxes on the line, so the invoice has more than one stored tax line to show.
  await pricingRules(server).taxZone("New York", [{ country: "US", subdivision: "US-NY" }], [{ rateMilliPercent: 4000 }, { name: "City tax", rateMilliPercent: 4875 }]);
  await server.database.db.update(variants).set({ priceCents: 4999, onHand: 50, reserved: 0 }).where(eq(variants.productId, 3));
  shopper = createApiClient(server.url);
  await registerShopper(shopper, { name: "Robin Park" });
  expect((await shopper.post("/api/cart/items", { productId: 3, size: "M", color: "Black", quantity: 2 })).status).toBe(201);
  const started = await shopper.post("/api/create-payment-intent", { ...details, name: "Robin Park", email: "robin@example.com", address: brooklyn });
  expect(started.status).toBe(200);
  const paid = await shopper.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") });
  expect(paid.status).toBeLessThan(300);
  orderNumber = started.body.orderNumber;
});
afterAll(() => server?.close());

/** The page's text as a reader gets it: no tags, React's text separators or entities. */
async function invoiceText(client: ReturnType<typeof createApiClient>, path: string) {
  const res = await client.get(path);
  const text = res.text
    .replace(/<!-- -->/g, "")
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&amp;", "&")
    .replaceAll("&#x27;", "'")
    .replace(/\s+/g, " ");
  return { status: res.status, text, res };
}

/** $1,234.50: the same text as the store's formatter (app/lib/money.ts, which server code may not import). */
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const money = (cents: number) => usd.format(cents / 100);

describe("the shopper's invoice", () => {
  it("shows the seller from the settings, the invoice and order numbers, both parties and every line", async () => {
    const { status, text } = await invoiceText(shopper, `/account/orders/${orderNumber}/invoice`);
    expect(status).toBe(200);
    expect(text).toContain(`Invoice number INV-${orderNumber}`);
    expect(text).toContain(`Order ${orderNumber}`);
    // The seeded settings (drizzle/0027).
    expect(text).toContain("VSOP Apparel 200 Kent Avenue Brooklyn, NY 11249 United States help@vsop-apparel.example");
    expect(text).toContain("Billed to Robin Park robin@example.com");
    expect(text).toContain("Shipped to Robin Park 9 Bedford Avenue Brooklyn, NY 11211 United States");
    expect(text).toContain("Item Qty Unit price Amount VSOP Premium Shorts Black · Size M 2 $49.99 $99.98 Subtotal $99.98");
  });

  it("shows the order's stored charges, each stored tax with its rate and taxable amount, and the total", async () => {
    const [order] = await server.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    const taxLines = await listOrderTaxLines(server.database.db, [order!.id]);
    expect(taxLines.length).toBeGreaterThanOrEqual(2);
    const { text } = await invoiceText(shopper, `/account/orders/${orderNumber}/invoice`);
    // The same lines as the emails and order pages (order-charges.ts), in the same order, then the stored total.
    const charges = orderCharges(order!, taxLines).map((c) => `${c.label} ${money(c.cents)}`).join(" ");
    expect(text).toContain(`${charges} Total ${money(order!.totalCents)}`);
    expect(charges).toContain("Sales tax (4%)");
    expect(charges).toContain("City tax (4.875%)");
    for (const tax of summarizeTaxLines(taxLines)) {
      expect(text).toContain(`${tax.name} New York ${tax.rate} ${usd.format(tax.taxable)} ${money(tax.cents)}`);
    }
    expect(order!.totalCents).toBe(order!.subtotalCents - order!.discountCents + order!.shippingCents + order!.taxCents);
  });

  it("follows the settings: a new legal name and address show at once, the old ones nowhere", async () => {
    const current = (await staff.get("/api/admin/settings")).body;
    const editable = ["storeName", "legalName", "addressLine1", "addressLine2", "city", "region", "postalCode", "country", "supportEmail", "phone", "senderName", "senderEmail", "socialLinks"];
    const body = Object.fromEntries(editable.map((k) => [k, current[k]]));
    const saved = await staff.put("/api/admin/settings", { ...body, legalName: "Kent Street Goods LLC", addressLine1: "12 Wythe Avenue", addressLine2: "Unit 4", phone: "+1 718 555 0100" });
    expect(saved.status).toBe(200);
    try {
      const { text } = await invoiceText(shopper, `/account/orders/${orderNumber}/invoice`);
      expect(text).toContain("Kent Street Goods LLC 12 Wythe Avenue Unit 4 Brooklyn, NY 11249 United States help@vsop-apparel.example +1 718 555 0100");
      expect(text).not.toContain("200 Kent Avenue");
      expect(text).toContain("or call +1 718 555 0100");
    } finally {
      expect((await staff.put("/api/admin/settings", body)).status).toBe(200);
    }
  });

  it("is refused to another shopper (404) and sends an anonymous visitor to sign in", async () => {
    const other = createApiClient(server.url);
    await registerShopper(other);
    const refused = await other.get(`/account/orders/${orderNumber}/invoice`);
    expect(refused.status).toBe(404);
    expect(refused.text).not.toContain("Robin Park");
    const anonymous = await fetch(`${server.url}/account/orders/${orderNumber}/invoice`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(`/account/orders/${orderNumber}/invoice`)}`);
    expect((await shopper.get("/account/orders/VS-999999999/invoice")).status).toBe(404);
  });

  it("is linked from the order page", async () => {
    const page = await shopper.get(`/account/orders/${orderNumber}`);
    expect(page.text).toContain(`href="/account/orders/${orderNumber}/invoice"`);
  });
});

describe("the staff invoice", () => {
  it("opens any paid order's invoice for staff who may read orders, linked from the order page", async () => {
    const { status, text } = await invoiceText(staff, `/admin/orders/${orderNumber}/invoice`);
    expect(status).toBe(200);
    expect(text).toContain(`Invoice number INV-${orderNumber}`);
    expect(text).toContain("Billed to Robin Park robin@example.com");
    expect((await staff.get(`/admin/orders/${orderNumber}`)).text).toContain(`href="/admin/orders/${orderNumber}/invoice"`);
    const reader = await signedInStaff(server, { permissions: ["orders.read"] });
    expect((await reader.client.get(`/admin/orders/${orderNumber}/invoice`)).status).toBe(200);
  });

  it("is refused to staff without the permission (403) and to shoppers, even the order's own (404)", async () => {
    const member = await signedInStaff(server, { permissions: ["products.write"] });
    const refused = await member.client.get(`/admin/orders/${orderNumber}/invoice`);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain("Not allowed");
    expect((await shopper.get(`/admin/orders/${orderNumber}/invoice`)).status).toBe(404);
  });

  it("shows refunds and what was paid net of them", async () => {
    const refunded = await staff.post(`/api/admin/orders/${orderNumber}/refunds`, { amountCents: 1000, reason: "Late delivery" });
    expect(refunded.status).toBe(201);
    const [order] = await server.database.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    const { text } = await invoiceText(shopper, `/account/orders/${orderNumber}/invoice`);
    expect(text).toContain(`Total ${money(order!.totalCents)} Refunded −$10.00 Net paid ${money(order!.totalCents - 1000)}`);
    expect(text).toMatch(/Refunds \w+ \d{1,2}, \d{4} · Late delivery −\$10\.00/);
  });

  it("has no invoice for an order that was never paid", async () => {
    await server.database.db.update(orders).set({ paidAt: null }).where(eq(orders.orderNumber, orderNumber));
    try {
      expect((await staff.get(`/admin/orders/${orderNumber}/invoice`)).status).toBe(404);
    } finally {
      await server.database.db.update(orders).set({ paidAt: new Date() }).where(eq(orders.orderNumber, orderNumber));
    }
  });
});
