import type { OrderDeps } from "../orders/order-deps";
import type { OrderRow } from "../db/schema";
import { noticeEmail } from "../mail/notice-email";

type MailDeps = Pick<OrderDeps, "mailer" | "logger" | "storeUrl" | "storeIdentity">;
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const day = (d: Date) => d.toLocaleString("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }) + " UTC";

/** How the difference is settled, in the shopper's words (a $0 difference: nothing to pay, issue 51's journey). */
function settlement(differenceCents: number, paid: boolean): string {
  if (differenceCents < 0) return `We've refunded the difference of ${dollars(-differenceCents)} to the card you paid with; your bank may take 5-10 business days to show it.`;
  if (differenceCents > 0) return paid ? `Thank you for paying the difference of ${dollars(differenceCents)}.` : "";
  return "The new total is the same as before: the difference is $0.00, so there is nothing to pay.";
}

/**
 * The shopper's email about an edit (when staff asked to notify): the changes, the new total, and either how the
 * difference was settled or the link to pay it before it lapses.
 */
export async function sendEditEmail(deps: MailDeps, args: { order: Pick<OrderRow, "email" | "orderNumber" | "totalCents">; summary: string[]; differenceCents: number; payment?: { url: string; expiresAt: Date }; paid?: boolean }): Promise<void> {
  const { order, summary, differenceCents, payment } = args;
  const paragraphs = [`We've changed order ${order.orderNumber} as you asked:`, ...summary.map((s) => `• ${s}`)];
  if (payment) {
    paragraphs.push(`The new total is ${dollars(order.totalCents + differenceCents)}, ${dollars(differenceCents)} more than you paid.`, `Please pay the difference by ${day(payment.expiresAt)}. Until then your order stays as it was; after that the change lapses.`);
  } else {
    paragraphs.push(`The new total is ${dollars(order.totalCents)}.`, settlement(differenceCents, args.paid === true));
  }
  try {
    const mail = await noticeEmail({
      to: order.email,
      subject: payment ? `Pay ${dollars(differenceCents)} to change order ${order.orderNumber}` : `Order ${order.orderNumber} has been changed`,
      heading: payment ? "One step left: pay the difference" : "Your order has been changed",
      paragraphs: paragraphs.filter(Boolean),
      action: payment ? { label: `Pay ${dollars(differenceCents)}`, url: payment.url } : { label: `See order ${order.orderNumber}`, url: `${deps.storeUrl}/orders/lookup` },
      storeUrl: deps.storeUrl,
      storeIdentity: deps.storeIdentity,
    });
    await deps.mailer.send(mail);
  } catch (err) {
    deps.logger.error({ err, orderNumber: order.orderNumber }, "order edit email failed");
  }
}
