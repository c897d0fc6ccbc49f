import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "../test/api-client";
import { registerShopper } from "../test/accounts-helpers";
import { signedInAdmin } from "../test/admin-helpers";
import { card, details, setVariantStock, variantStock } from "../test/checkout-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
let admin: ReturnType<typeof createApiClient>;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInAdmin(server);
});
afterAll(() => server?.close());

async function paidOrder(size = "M") {
  const shopper = createApiClient(server.url);
  await registerShopper(shopper);
  await shopper.post("/api/cart/items", { productId: 3, quantity: 2, size });
  const started = await shopper.post("/api/create-payment-intent", details);
  await shopper.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") });
  return { shopper, orderNumber: started.body.orderNumber as string };
}

const UPS = { carrier: "UPS", trackingNumber: "1Z999AA10123456784" };
const move = (orderNumber: string, status: string, shipment: object | undefined = status === "shipped" ? UPS : undefined) => admin.post(`/api/admin/orders/${orderNumber}/status`, { status, shipment });

describe("staff order changes", () => {
  it("move paid → processing → shipped (with tracking) → delivered, email the shopper the tracking link, and show it in the account", async () => {
    const { shopper, orderNumber } = await paidOrder();
    expect((await move(orderNumber, "processing")).body.order.status).toBe("processing");
    server.mailer.sent.length = 0;
    expect((await admin.post(`/api/admin/orders/${orderNumber}/status`, { status: "shipped" })).body.message).toBe("Invalid status change: shipment: Shipping needs the carrier and tracking number");
    const shipped = await move(orderNumber, "shipped");
    expect(shipped.body.order).toMatchObject({ status: "shipped", tracking: { carrier: "UPS", number: UPS.trackingNumber, url: `https://www.ups.com/track?tracknum=${UPS.trackingNumber}`, shippedAt: expect.any(String) } });
    expect(server.mailer.sent).toEqual([expect.objectContaining({ to: details.email, subject: `Your VSOP Apparel order ${orderNumber} has shipped` })]);
    expect(server.mailer.sent[0]!.text).toContain(`UPS tracking number: ${UPS.trackingNumber}\nTrack your parcel: https://www.ups.com/track?tracknum=${UPS.trackingNumber}`);
    expect(server.mailer.sent[0]!.html).toMatch(new RegExp(`<a href="https://www.ups.com/track\\?tracknum=${UPS.trackingNumber}"[^>]*>Track your parcel</a>`));
    expect((await shopper.get(`/api/account/orders/${orderNumber}`)).body.order).toMatchObject({ status: "shipped", tracking: { carrier: "UPS", number: UPS.trackingNumber } });
    expect(shipped.body.history.at(-1).note).toBe(`UPS ${UPS.trackingNumber}`);
    const delivered = await move(orderNumber, "delivered");
    expect(delivered.body.history.map((h: { to: string }) => h.to)).toEqual(["pending", "paid", "processing", "shipped", "delivered"]);
    expect(delivered.body.history[2].actor).toMatch(/^staff:/);
    expect(delivered.body.nextStatuses).toEqual([]);
  });

  it("refuses moves off the path, and repeating a move changes nothing", async () => {
    const { orderNumber } = await paidOrder();
    expect((await move(orderNumber, "delivered")).status).toBe(409);
    await move(orderNumber, "processing");
    const again = await move(orderNumber, "processing");
    expect(again.status).toBe(200);
    expect(again.body.history.filter((h: { to: string }) => h.to === "processing")).toHaveLength(1);
    expect((await move(orderNumber, "pending")).status).toBe(400);
    expect((await move("VS-1", "shipped")).status).toBe(404);
  });

  it("canceling a paid order returns its stock and refunds it", async () => {
    await setVariantStock(server.database.db, 3, "Black", "XS", 5);
    const { orderNumber } = await paidOrder("XS");
    expect(await variantStock(server.database.db, 3, "Black", "XS")).toEqual({ onHand: 3, reserved: 0 });
    const canceled = await move(orderNumber, "canceled");
    expect(canceled.body.order.status).toBe("canceled");
    expect(canceled.body.history.at(-1).note).toBe("Stock returned; payment refunded");
    expect(await variantStock(server.database.db, 3, "Black", "XS")).toEqual({ onHand: 5, reserved: 0 });
    expect((await move(orderNumber, "shipped")).status).toBe(409);
  });

  it("another carrier gives its own https tracking page; bad shipments are refused with nothing changed", async () => {
    const { orderNumber } = await paidOrder();
    const bad: [object, string][] = [
      [{ carrier: "Parcelforce", trackingNumber: "PF123456" }, "Invalid status change: shipment.trackingUrl: give the https:// page where Parcelforce parcels are tracked"],
      [{ carrier: "Parcelforce", trackingNumber: "PF123456", trackingUrl: "http://parcelforce.example/track" }, "Invalid status change: shipment.trackingUrl: must be an https:// address"],
      [{ carrier: "UPS", trackingNumber: "1Z", trackingUrl: "https://ups.example" }, "Invalid status change: shipment.trackingNumber: must be 4-40 letters, digits, spaces or dashes; shipment.trackingUrl: UPS's tracking page is made from the number; leave it out"],
    ];
    for (const [shipment, message] of bad) expect((await move(orderNumber, "shipped", shipment)).body.message).toBe(message);
    expect((await move(orderNumber, "processing", UPS)).body.message).toBe("Invalid status change: shipment: only a shipped order takes a shipment");
    expect((await admin.get(`/api/admin/orders/${orderNumber}`)).body.order).toMatchObject({ status: "paid", tracking: null });
    expect((await move(orderNumber, "processing")).status).toBe(200);
    const shipped = await move(orderNumber, "shipped", { carrier: "Parcelforce", trackingNumber: "PF 1234 5678", trackingUrl: "https://track.parcelforce.example/PF12345678" });
    expect(shipped.body.order.tracking).toMatchObject({ carrier: "Parcelforce", number: "PF 1234 5678", url: "https://track.parcelforce.example/PF12345678" });
  });

  it("is staff-only", async () => {
    const { shopper, orderNumber } = await paidOrder();
    expect((await shopper.post(`/api/admin/orders/${orderNumber}/status`, { status: "shipped" })).status).toBe(403);
    expect((await shopper.get("/api/admin/orders")).status).toBe(403);
  });
});

describe("staff lists, stock, subscribers and sales", () => {
  it("finds orders by number or email and filters by status", async () => {
    const { orderNumber } = await paidOrder();
    expect((await admin.get(`/api/admin/orders?q=${orderNumber}`)).body.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([orderNumber]);
    expect((await admin.get("/api/admin/orders?q=SAM@EXAMPLE")).body.total).toBeGreaterThan(0);
    expect((await admin.get("/api/admin/orders?status=paid")).body.orders.every((o: { status: string }) => o.status === "paid")).toBe(true);
    expect((await admin.get("/api/admin/orders?status=lost")).status).toBe(400);
  });

  it("edits a variant's stock, never below what is reserved", async () => {
    const product = (await admin.get("/api/admin/products/3")).body;
    const variant = product.variants.find((v: { size: string }) => v.size === "L");
    expect((await admin.patch(`/api/admin/variants/${variant.id}`, { onHand: 42 })).body).toMatchObject({ onHand: 42 });
    const shopper = createApiClient(server.url);
    await shopper.post("/api/cart/items", { productId: 3, quantity: 3, size: "L" });
    await shopper.post("/api/create-payment-intent", details);
    const below = await admin.patch(`/api/admin/variants/${variant.id}`, { onHand: 2 });
    expect(below.status).toBe(409);
    expect(below.body.message).toBe("Stock can't go below the 3 units reserved by open checkouts");
    expect((await admin.patch(`/api/admin/variants/${variant.id}`, { onHand: -1 })).status).toBe(400);
    expect((await admin.get("/api/admin/products?q=vsop")).body.products).toHaveLength(3);
  });

  it("writes each stock change to the product's audit log: who, before, after; refused changes leave nothing", async () => {
    const product = (await admin.get("/api/admin/products/5")).body;
    const variant = product.variants[0];
    await admin.patch(`/api/admin/variants/${variant.id}`, { onHand: variant.onHand + 7 });
    await admin.patch(`/api/admin/variants/${variant.id}`, { onHand: variant.onHand + 7 }); // no change: no entry
    expect((await admin.patch(`/api/admin/variants/${variant.id}`, { onHand: "many" })).status).toBe(400);
    const log = (await admin.get("/api/admin/audit?productId=5")).body;
    expect(log.entries).toHaveLength(1);
    expect(log.entries[0]).toMatchObject({
      entity: "variant",
      entityId: String(variant.id),
      productId: 5,
      action: "stock",
      before: { sku: variant.sku, onHand: variant.onHand },
      after: { sku: variant.sku, onHand: variant.onHand + 7 },
    });
    expect(log.entries[0].actor).toMatch(/^staff:/);
    expect(log.nextBefore).toBeNull();
    expect((await admin.get("/api/admin/audit?productId=abc")).status).toBe(400);
    expect((await admin.get("/api/admin/audit?entity=orders")).status).toBe(400);
    expect((await admin.get("/api/admin/audit?color=red")).body.message).toBe("Invalid query: Unknown field: color");
    expect((await createApiClient(server.url).get("/api/admin/audit")).status).toBe(401);
  });

  it("exports subscribers as CSV and reports the last 30 days of sales", async () => {
    await createApiClient(server.url).post("/api/newsletter", { email: "list@example.com", source: "footer" });
    const csv = await admin.get("/api/admin/newsletter.csv");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="vsop-apparel-subscribers-/);
    expect(parse(csv.text, { columns: true })).toEqual(expect.arrayContaining([expect.objectContaining({ email: "list@example.com", source: "footer" })]));
    const sales = (await admin.get("/api/admin/stats/sales")).body as { day: string; revenue: number; orders: number }[];
    expect(sales).toHaveLength(30);
    expect(sales.at(-1)!.day).toBe(new Date().toISOString().slice(0, 10));
    expect(sales.at(-1)!.orders).toBeGreaterThan(0);
  });
});
