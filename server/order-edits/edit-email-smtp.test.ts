import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "../test/api-client";
import { signedInAdmin } from "../test/admin-helpers";
import { card, details, setVariantStock } from "../test/checkout-helpers";
import { startSmtpCatcher } from "../test/smtp-catcher";
import { startTestServer, type TestServer } from "../test/test-server";

/** The shopper's emails about an edit, as they go over SMTP (production's mailer, a real SMTP server). */
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  server = await startTestServer({ smtpUrl: smtp.url });
  for (const size of ["L", "M"]) await setVariantStock(server.database.db, 4, "Black", size, 20);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe("order edit emails over SMTP", () => {
  it("sends the changes, then the payment link for a higher total, with the link as the button", async () => {
    const admin = await signedInAdmin(server);
    const shopper = createApiClient(server.url);
    await shopper.post("/api/cart/items", { productId: 4, quantity: 1, size: "L", color: "Black" });
    const started = await shopper.post("/api/create-payment-intent", details);
    await shopper.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") });
    const order = (await admin.get(`/api/admin/orders/${started.body.orderNumber}`)).body;
    const variants = (await admin.get("/api/admin/products/4")).body.variants as { id: number; color: string; size: string }[];
    const m = variants.find((v) => v.color === "Black" && v.size === "M")!.id;

    const before = smtp.received.length;
    const swapped = await admin.post(`/api/admin/orders/${order.order.orderNumber}/edits`, { changes: [{ type: "swap", lineId: order.items[0].id, variantId: m }], notify: true });
    expect(swapped.status).toBe(201);
    const changed = smtp.received[before]!;
    expect(changed.envelope.to).toEqual([details.email]);
    expect(changed.parsed.subject).toBe(`Order ${order.order.orderNumber} has been changed`);
    expect(changed.parsed.text).toContain("Essential Crew Tee: size L → M");
    expect(changed.parsed.text).toContain("the difference is $0.00, so there is nothing to pay");

    const added = await admin.post(`/api/admin/orders/${order.order.orderNumber}/edits`, { changes: [{ type: "add", variantId: m, quantity: 1 }], notify: true });
    expect(added.body.edit.status).toBe("awaiting_payment");
    const link = smtp.received[before + 1]!;
    const dollars = (added.body.edit.differenceCents / 100).toFixed(2);
    expect(link.parsed.subject).toBe(`Pay $${dollars} to change order ${order.order.orderNumber}`);
    expect(link.parsed.html).toContain(`href="${added.body.edit.paymentUrl}"`);
    expect(link.parsed.text).toContain("Added 1 × Essential Crew Tee (Black, size M)");
    expect(smtp.received).toHaveLength(before + 2);
  });
});
