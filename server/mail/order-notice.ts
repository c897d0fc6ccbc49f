import type { OrderRow } from "../db/schema";
import type { MailMessage } from "./mailer";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * A short note about an order after it was placed (a refund, each step of a return): a heading, a few paragraphs, and
 * where to see the order. Plain text and HTML say the same.
 */
export function orderNoticeEmail({ order, subject, heading, paragraphs, storeUrl }: { order: Pick<OrderRow, "email" | "orderNumber">; subject: string; heading: string; paragraphs: string[]; storeUrl: string }): MailMessage {
  const where = `${storeUrl}/orders/lookup`;
  const text = [heading, "", ...paragraphs.flatMap((p) => [p, ""]), `See order ${order.orderNumber}: ${where}`].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#16171a;max-width:560px;margin:auto">
<h1 style="font-size:22px">${escape(heading)}</h1>
${paragraphs.map((p) => `<p>${escape(p)}</p>`).join("\n")}
<p><a href="${escape(where)}">See order ${escape(order.orderNumber)}</a></p></body></html>`;
  return { to: order.email, subject, text, html };
}
