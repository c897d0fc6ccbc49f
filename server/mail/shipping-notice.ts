import type { OrderItemRow, OrderRow } from "../db/schema";
import type { MailMessage } from "./mailer";
import { trackingOf } from "../orders/tracking";

/** The email a shopper gets when staff mark the order shipped. */
export function shippingNoticeEmail({ order, items, storeUrl }: { order: OrderRow; items: OrderItemRow[]; storeUrl: string }): MailMessage {
  const lines = items.map((i) => `${i.quantity} × ${i.name} (${i.color}, size ${i.size})`);
  const address = [order.shippingName, order.shippingLine1, order.shippingLine2, `${order.shippingCity}, ${order.shippingRegion} ${order.shippingPostalCode}`, order.shippingCountry].filter(Boolean) as string[];
  const tracking = trackingOf(order);
  const text = [
    `Good news, ${order.shippingName}: order ${order.orderNumber} is on its way.`,
    ...(tracking ? ["", `${tracking.carrier} tracking number: ${tracking.number}`, ...(tracking.url ? [`Follow it: ${tracking.url}`] : [])] : []),
    "",
    ...lines,
    "",
    "Shipping to:",
    ...address,
    "",
    "Delivery usually takes 3-5 business days.",
    `Track your orders at ${storeUrl}/account/orders`,
  ].join("\n");
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#16171a;max-width:560px;margin:auto">
<h1 style="font-size:22px">Your order is on its way</h1>
<p>Order <strong>${escape(order.orderNumber)}</strong> has shipped.</p>
${tracking ? `<p>${escape(tracking.carrier)} tracking number: <strong>${escape(tracking.number)}</strong>${tracking.url ? `<br><a href="${escape(tracking.url)}">Track your parcel</a>` : ""}</p>` : ""}
<ul>${lines.map((l) => `<li>${escape(l)}</li>`).join("")}</ul>
<p><strong>Shipping to</strong><br>${address.map(escape).join("<br>")}</p>
<p>Delivery usually takes 3-5 business days. <a href="${escape(storeUrl)}/account/orders">See your orders</a></p></body></html>`;
  return { to: order.email, subject: `Your VSOP Apparel order ${order.orderNumber} has shipped`, text, html };
}
