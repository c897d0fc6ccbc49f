import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { orders } from "../db/schema";
import { AppError } from "../errors";
import { orderNoticeEmail } from "../mail/order-notice";
import type { OrderDeps } from "./order-deps";
import type { StaffRefund } from "./refund-schemas";
import { issueRefundRow, refundForLines, restockLines, writeRefund } from "./refunds";

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * A staff refund of some lines (their price less their share of the discount, plus tax; optionally restocked) or of an
 * amount, with a reason kept in the order's history. Never more than is left; the shopper is emailed.
 */
export async function refundOrder(deps: OrderDeps & { orderNumber: string; input: StaffRefund; actor: string }) {
  const { db, now, input } = deps;
  const { refund, order } = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [order] = await t.select().from(orders).where(eq(orders.orderNumber, deps.orderNumber)).for("update");
    if (!order) throw new AppError("not_found", "Order not found");
    const amountCents = input.lines ? await refundForLines(t, order, input.lines) : input.amountCents!;
    if (amountCents === 0) throw new AppError("conflict", `Order ${order.orderNumber} is already refunded in full`);
    const refund = await writeRefund(t, order, { amountCents, reason: input.reason, actor: deps.actor, lines: input.lines, now: now() });
    if (input.restock && input.lines) await restockLines(t, order.id, input.lines);
    return { refund, order };
  });
  await issueRefundRow(deps, refund.id);
  await orderNoticeEmail({
    order,
    subject: `A refund of ${dollars(refund.amountCents)} for order ${order.orderNumber}`,
    heading: `We've refunded ${dollars(refund.amountCents)}`,
    paragraphs: [`Order ${order.orderNumber}: ${refund.reason}.`, "The money goes back to the card you paid with; your bank may take 5-10 business days to show it."],
    storeUrl: deps.storeUrl,
    storeIdentity: deps.storeIdentity,
  })
    .then((mail) => deps.mailer.send(mail))
    .catch((err) => deps.logger.error({ err }, "refund email failed"));
  return refund;
}
