import type { OrderItemRow, OrderRow } from "../db/schema";
import type { MailMessage } from "./mailer";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const money = (cents: number) => usd.format(cents / 100);

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** The order confirmation email (SPEC §2 "What's Next?": shipped within 1-2 business days, delivered in 3-5). */
export function orderConfirmationEmail({ order, items, storeUrl }: { order: OrderRow; items: OrderItemRow[]; storeUrl: string }): MailMessage {
  const lines = items.map((i) => ({ label: `${i.quantity} × ${i.name} (${i.color}, size ${i.size})`, amount: money(i.unitPriceCents * i.quantity) }));
  const totals = [
    ["Subtotal", money(order.subtotalCents)],
    ...(order.discountCents > 0 ? [[`Discount (${order.discountCode})`, `−${money(order.discountCents)}`]] : []),
    ["Shipping", order.shippingCents === 0 ? "FREE" : money(order.shippingCents)],
    ["Tax", money(order.taxCents)],
    ["Total", money(order.totalCents)],
  ];
  const address = [order.shippingName, order.shippingLine1, order.shippingLine2, `${order.shippingCity}, ${order.shippingRegion} ${order.shippingPostalCode}`, order.shippingCountry].filter(Boolean) as string[];
  const text = [
    `Thank you for your order, ${order.shippingName}!`,
    "",
    `Order ${order.orderNumber} is confirmed and paid.`,
    "",
    ...lines.map((l) => `${l.label}: ${l.amount}`),
    "",
    ...totals.map(([k, v]) => `${k}: ${v}`),
    "",
    "Shipping to:",
    ...address,
    "",
    "What's next: your order ships within 1-2 business days and arrives in 3-5 business days.",
    `Questions? Reply to this email or visit ${storeUrl}/contact.`,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#16171a;max-width:560px;margin:auto">
<h1 style="font-size:22px">Thank you for your order!</h1>
<p>Order <strong>${escapeHtml(order.orderNumber)}</strong> is confirmed and paid.</p>
<table style="width:100%;border-collapse:collapse">${lines.map((l) => `<tr><td style="padding:6px 0">${escapeHtml(l.label)}</td><td style="text-align:right">${l.amount}</td></tr>`).join("")}</table>
<hr><table style="width:100%">${totals.map(([k, v]) => `<tr><td>${escapeHtml(k!)}</td><td style="text-align:right">${escapeHtml(v!)}</td></tr>`).join("")}</table>
<p><strong>Shipping to</strong><br>${address.map(escapeHtml).join("<br>")}</p>
<p>Your order ships within 1-2 business days and arrives in 3-5 business days.</p>
<p><a href="${escapeHtml(storeUrl)}">VSOP Apparel</a></p></body></html>`;
  return { to: order.email, subject: `Your VSOP Apparel order ${order.orderNumber} is confirmed`, text, html };
}
