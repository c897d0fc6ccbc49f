import type { OrderRow } from "../db/schema";
import type { StoreInfo } from "./components/layout";
import type { MailMessage } from "./mailer";
import { noticeEmail } from "./notice-email";

/**
 * A short note about an order after it was placed (a refund, each step of a return): a heading, a few paragraphs, and
 * where to see the order.
 */
export function orderNoticeEmail({ order, subject, heading, paragraphs, storeUrl, storeIdentity }: StoreInfo & { order: Pick<OrderRow, "email" | "orderNumber">; subject: string; heading: string; paragraphs: string[] }): Promise<MailMessage> {
  return noticeEmail({ to: order.email, subject, heading, paragraphs, action: { label: `See order ${order.orderNumber}`, url: `${storeUrl}/orders/lookup` }, storeUrl, storeIdentity });
}
