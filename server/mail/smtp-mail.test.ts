import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { orderCharges } from "../orders/order-charges";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderItemRow, OrderRow } from "../db/schema";
import { createApiClient } from "../test/api-client";
import { card, checkoutWith, details } from "../test/checkout-helpers";
import { rawHeader, startSmtpCatcher, type CaughtMail } from "../test/smtp-catcher";
import { startTestServer, TEST_STORE_URL } from "../test/test-server";
import { accountNoticeEmail } from "./account-notice";
import { createMailer, type Mailer, type MailMessage } from "./mailer";
import { noticeEmail } from "./notice-email";
import { orderConfirmationEmail } from "./order-confirmation";
import { orderNoticeEmail } from "./order-notice";
import { shippingNoticeEmail } from "./shipping-notice";

// Who the store is comes from its settings; these emails are written with a stand-in, the checkout below with the seeded row.
const identity = { name: "Kent Street Goods", postalAddress: "Kent Street Goods LLC, 200 Kent Avenue, Brooklyn, NY 11249, United States", sender: { name: "Kent Street Goods", address: "orders@kent-street.example" }, supportEmail: "hello@kent-street.example" };
const store = { storeUrl: "https://shop.vsop.test", storeIdentity: async () => identity };
const UNSUBSCRIBE = `${store.storeUrl}/unsubscribe/p8Kq2vXbN3sYw7LmR4tZ0aHcUe6GdJ1fVyQiWoE5nMk`;
const TRACKING = "https://www.ups.com/track?tracknum=1Z999AA10123456784";

const order: OrderRow = {
  id: "5b0f7a52-8c1e-4a53-9a4e-0d6f3c2b9e11",
  orderNumber: "VS-104233",
  cartId: null,
  userId: null,
  status: "shipped",
  email: "sam@example.com",
  shippingName: "Sam <b>Rivera</b> & Co",
  shippingLine1: "12 Market Street",
  shippingLine2: "Apt 4",
  shippingCity: "Portland",
  shippingRegion: "OR",
  shippingPostalCode: "97205",
  shippingCountry: "US",
  discountCode: "WELCOME15",
  marketingConsentAt: null,
  marketingConsentWording: null,
  utmSource: null,
  funnelSession: null,
  utmMedium: null,
  referrerHost: null,
  subtotalCents: 32498,
  discountCents: 4875,
  shippingCents: 0,
  taxCents: 2210,
  totalCents: 29833,
  shippingMethod: "Standard",
  shippingMinDays: 3,
  shippingMaxDays: 5,
  shippingBeforeDiscountCents: 0,
  taxIncluded: false,
  taxProvider: "manual",
  taxCalculationId: null,
  taxTransactionId: null,
  cartFingerprint: "f",
  paymentProvider: "test",
  paymentIntentId: "pi_test_1",
  stockState: "committed",
  reservationExpiresAt: new Date("2026-05-01T12:15:00Z"),
  paymentError: null,
  paidAt: new Date("2026-05-01T12:01:00Z"),
  confirmationSentAt: null,
  confirmationClaimedAt: null,
  carrier: "UPS",
  trackingNumber: "1Z999AA10123456784",
  trackingUrl: TRACKING,
  shippedAt: new Date("2026-05-02T09:00:00Z"),
  refundedCents: 0,
  refundIssuedAt: null,
  storeCreditCents: 0,
  giftCardCents: 0,
  createdAt: new Date("2026-05-01T12:00:00Z"),
  updatedAt: new Date("2026-05-02T09:00:00Z"),
};
const line = (id: number, name: string, color: string, size: string, quantity: number, unitPriceCents: number): OrderItemRow => ({ id, orderId: order.id, productId: id, variantId: id, name, imageUrl: `/images/v1/tee/${color.toLowerCase()}-front.svg`, color, size, unitPriceCents, quantity, discountCents: 0, refundedQuantity: 0, giftCard: false, giftRecipientEmail: null, giftMessage: null, giftSendAt: null });
const items = [line(1, "Heavyweight Hoodie", "Black", "M", 2, 14999), line(2, "Pocket Tee", "White", "L", 1, 2500)];

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
const urlsIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]);

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let mailer: Mailer;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  mailer = createMailer({ smtpUrl: smtp.url, outboxDir: "/nonexistent" });
});
afterAll(() => smtp?.close());

/** Sends the message over SMTP and gives back what the server received. */
async function sendAndCatch(message: MailMessage): Promise<CaughtMail> {
  const before = smtp.received.length;
  await mailer.send(message);
  expect(smtp.received).toHaveLength(before + 1);
  return smtp.received.at(-1)!;
}

/**
 * What every store email must have: both parts, replies going to the support email, the footer's postal and support
 * addresses in both, every link absolute on the store.
 */
function expectStoreEmail(caught: CaughtMail, { to, subject, offStore = [] }: { to: string; subject: string; offStore?: string[] }) {
  const mail = caught.parsed;
  expect(mail.subject).toBe(subject);
  expect(mail.from?.value).toEqual([identity.sender]);
  expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : null).toEqual([to]);
  expect(caught.envelope).toEqual({ from: identity.sender.address, to: [to] });
  expect(mail.replyTo?.value.map((a) => a.address)).toEqual([identity.supportEmail]);
  expect(mail.text).toBeTruthy();
  expect(mail.html).toBeTruthy();
  const html = mail.html as string;
  const text = mail.text!;
  expect(html).toMatch(/<html[^>]* lang="en"/);
  expect(html).toContain(identity.postalAddress);
  expect(text).toContain(`${identity.postalAddress} · ${identity.supportEmail}\n`);
  expect(html).toContain(`href="mailto:${identity.supportEmail}"`);
  expect(text).toContain(`Visit ${identity.name}: ${store.storeUrl}`);
  const links = [...hrefs(html), ...urlsIn(text)];
  expect(links.length).toBeGreaterThan(2);
  for (const link of links) {
    if (offStore.includes(link) || link === `mailto:${identity.supportEmail}`) continue;
    expect(link === store.storeUrl || link.startsWith(`${store.storeUrl}/`), `${link} is not on the store`).toBe(true);
  }
  return { html, text };
}

describe("store emails over SMTP", () => {
  it("the order confirmation: lines, totals, address and the next steps, in HTML and plain text", async () => {
    const caught = await sendAndCatch(await orderConfirmationEmail({ order, items, charges: orderCharges(order, []), ...store }));
    const { html, text } = expectStoreEmail(caught, { to: order.email, subject: "Your Kent Street Goods order VS-104233 is confirmed" });
    expect(text).toContain("Thank you for your order, Sam <b>Rivera</b> & Co!");
    expect(text).toContain("2 × Heavyweight Hoodie (Black, size M): $299.98\n1 × Pocket Tee (White, size L): $25.00");
    expect(text).toContain("Subtotal: $324.98\nDiscount (WELCOME15): −$48.75\nShipping (Standard): FREE\nTax: $22.10\nTotal: $298.33");
    expect(text).toContain("Shipping to:\nSam <b>Rivera</b> & Co\n12 Market Street\nApt 4\nPortland, OR 97205\nUS");
    expect(text).toContain("ships within 1-2 business days and arrives in 3-5 business days");
    expect(text).toContain(`See order VS-104233: ${store.storeUrl}/orders/lookup`);
    // React escaped the shopper's name: it shows as typed and is never markup.
    expect(html).toContain("Sam &lt;b&gt;Rivera&lt;/b&gt; &amp; Co");
    expect(html).not.toContain("<b>Rivera</b>");
    expect(rawHeader(caught.parsed, "List-Unsubscribe")).toBeUndefined();
  });

  it("the shipping notice: the carrier's tracking link (the one link off the store) and the lines", async () => {
    const caught = await sendAndCatch(await shippingNoticeEmail({ order, items, ...store }));
    const { html, text } = expectStoreEmail(caught, { to: order.email, subject: "Your Kent Street Goods order VS-104233 has shipped", offStore: [TRACKING] });
    expect(text).toContain(`UPS tracking number: 1Z999AA10123456784\nTrack your parcel: ${TRACKING}`);
    expect(text).toContain("2 × Heavyweight Hoodie (Black, size M)\n1 × Pocket Tee (White, size L)");
    expect(text).toContain(`See your orders: ${store.storeUrl}/account/orders`);
    expect(hrefs(html)).toContain(TRACKING);
  });

  it("an order notice links to the order lookup", async () => {
    const caught = await sendAndCatch(await orderNoticeEmail({ order, subject: "A refund of $25.00 for order VS-104233", heading: "We've refunded $25.00", paragraphs: ["Order VS-104233: damaged in transit.", "The money goes back to the card you paid with."], ...store }));
    const { text } = expectStoreEmail(caught, { to: order.email, subject: "A refund of $25.00 for order VS-104233" });
    expect(text).toMatch(/^We've refunded \$25\.00\n\nOrder VS-104233: damaged in transit\.\n\nThe money goes back/);
    expect(text).toContain(`See order VS-104233: ${store.storeUrl}/orders/lookup`);
  });

  it("an account notice with its button, and no unsubscribe (the owner must hear about their account)", async () => {
    const url = `${store.storeUrl}/reset-password#token=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde`;
    const caught = await sendAndCatch(await accountNoticeEmail({ to: "kim@example.com", subject: ({ name }) => `Reset your ${name} password`, heading: "Choose a new password", paragraphs: ["Hi Kim, someone asked to reset your password."], action: { label: "Choose a new password", url }, ...store }));
    const { html, text } = expectStoreEmail(caught, { to: "kim@example.com", subject: "Reset your Kent Street Goods password" });
    expect(text).toContain(`Choose a new password: ${url}`);
    expect(hrefs(html)).toContain(url);
    expect(rawHeader(caught.parsed, "List-Unsubscribe")).toBeUndefined();
    expect(rawHeader(caught.parsed, "List-Unsubscribe-Post")).toBeUndefined();
    expect(text).not.toContain("Unsubscribe");
  });

  it("a notice with an unsubscribe URL carries the RFC 8058 one-click headers and an Unsubscribe link", async () => {
    const message = await noticeEmail({
      to: "lee@example.com",
      subject: "The Heavyweight Hoodie is back in M",
      heading: "It's back",
      paragraphs: ["The Heavyweight Hoodie in Black, size M, is back in stock."],
      action: { label: "Shop it now", url: `${store.storeUrl}/product/2` },
      unsubscribeUrl: UNSUBSCRIBE,
      footnote: "You asked us to tell you when it was back.",
      ...store,
    });
    expect(message.unsubscribeUrl).toBe(UNSUBSCRIBE);
    const caught = await sendAndCatch(message);
    const { html, text } = expectStoreEmail(caught, { to: "lee@example.com", subject: "The Heavyweight Hoodie is back in M" });
    expect(rawHeader(caught.parsed, "List-Unsubscribe")).toBe(`List-Unsubscribe: <${UNSUBSCRIBE}>`);
    expect(rawHeader(caught.parsed, "List-Unsubscribe-Post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(html).toMatch(new RegExp(`<a href="${UNSUBSCRIBE}"[^>]*>Unsubscribe</a>`));
    expect(text).toContain(`Unsubscribe: ${UNSUBSCRIBE}`);
    expect(text).toContain("You asked us to tell you when it was back.");
  });
});

describe("the outbox (no SMTP_URL)", () => {
  it("writes an .eml with both parts and the unsubscribe headers", async () => {
    const outboxDir = mkdtempSync(join(tmpdir(), "outbox-"));
    try {
      const outbox = createMailer({ outboxDir });
      await outbox.send(await noticeEmail({ to: "lee@example.com", subject: "Back in stock", heading: "It's back", paragraphs: ["Your size is back."], unsubscribeUrl: UNSUBSCRIBE, ...store }));
      const [file, ...others] = readdirSync(outboxDir);
      expect(others).toEqual([]);
      expect(file).toMatch(/-back-in-stock-[0-9a-f]{8}\.eml$/);
      const raw = readFileSync(join(outboxDir, file!), "utf8");
      const parsed = await simpleParser(raw);
      // nodemailer folds the long header onto a second line; unfolded, it is exactly RFC 8058's.
      expect(rawHeader(parsed, "List-Unsubscribe")).toBe(`List-Unsubscribe: <${UNSUBSCRIBE}>`);
      expect(rawHeader(parsed, "List-Unsubscribe-Post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
      expect(parsed.text).toContain(identity.postalAddress);
      expect(parsed.html).toContain(identity.postalAddress);
    } finally {
      rmSync(outboxDir, { recursive: true, force: true });
    }
  });
});

describe("a real checkout, mailed over SMTP", () => {
  it("paying for an order sends the confirmation through the mail server", async () => {
    const server = await startTestServer({ smtpUrl: smtp.url });
    try {
      const shopper = createApiClient(server.url);
      const started = await checkoutWith(shopper, { productId: 2, quantity: 1, size: "M" });
      expect(started.status).toBe(200);
      const before = smtp.received.length;
      const paid = await shopper.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242 4242 4242 4242") });
      expect(paid.body).toEqual({ status: "succeeded" });
      expect(server.mailer.sent).toEqual([]);
      const arrived = smtp.received.slice(before);
      const seeded = await server.services.settings.identity();
      expect(arrived.map((m) => m.parsed.subject)).toEqual([`Your ${seeded.name} order ${started.body.orderNumber} is confirmed`]);
      const mail = arrived[0]!.parsed;
      expect(arrived[0]!.envelope.to).toEqual([details.email]);
      expect(mail.text).toContain(`Thank you for your order, ${details.name}!`);
      expect(mail.text).toContain("Total: $161.99");
      expect(mail.from?.value).toEqual([seeded.sender]);
      expect(mail.replyTo?.value.map((a) => a.address)).toEqual([seeded.supportEmail]);
      expect(mail.text).toContain(seeded.supportEmail);
      expect(mail.text).toContain(seeded.postalAddress);
      expect(mail.html).toContain(seeded.postalAddress);
      expect(hrefs(mail.html as string)).toContain(`${TEST_STORE_URL}/orders/lookup`);
    } finally {
      await server.close();
    }
  });
});
