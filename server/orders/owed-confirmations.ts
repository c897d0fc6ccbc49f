import { and, eq, gt, inArray, isNull, lt } from "drizzle-orm";
import { orderItems, orders, type OrderRow } from "../db/schema";
import { orderConfirmationEmail } from "../mail/order-confirmation";
import { orderCharges } from "./order-charges";
import type { OrderDeps } from "./order-deps";
import { listOrderTaxLines } from "./tax-lines";
import { PAID_STATUSES } from "./order-status";

/** Longer than any send takes: a claim this old was lost with the process that made it (killed mid-send). */
export const CONFIRMATION_LEASE_MS = 15 * 60_000;
const GIVE_UP_MS = 24 * 60 * 60_000;
const BATCH = 100;

type MailDeps = Pick<OrderDeps, "db" | "mailer" | "logger" | "now" | "storeUrl" | "storeIdentity">;

/** Sends a paid order's confirmation and notes it as sent; a failure is logged and left to the sweep. */
export async function sendConfirmation(deps: MailDeps, order: OrderRow): Promise<boolean> {
  try {
    const items = await deps.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const charges = orderCharges(order, await listOrderTaxLines(deps.db, [order.id]));
    await deps.mailer.send(await orderConfirmationEmail({ order, items, charges, storeUrl: deps.storeUrl, storeIdentity: deps.storeIdentity }));
    await deps.db.update(orders).set({ confirmationSentAt: deps.now() }).where(eq(orders.id, order.id));
    return true;
  } catch (err) {
    deps.logger.error({ err, orderNumber: order.orderNumber }, "order confirmation email failed");
    return false;
  }
}

/**
 * Part of the minute sweep. Marking an order paid also claims its confirmation (markOrderPaid); a confirmation
 * still unsent when that claim is older than the lease (the process died between the payment and the email, or
 * the mail server failed) is claimed again and sent. The claim is one conditional UPDATE, so several processes
 * never both take it. Orders paid more than a day ago are left alone.
 */
export async function sendOwedConfirmations(deps: MailDeps): Promise<number> {
  const now = deps.now().getTime();
  const owed = and(
    inArray(orders.status, PAID_STATUSES),
    isNull(orders.confirmationSentAt),
    lt(orders.confirmationClaimedAt, new Date(now - CONFIRMATION_LEASE_MS)),
    gt(orders.paidAt, new Date(now - GIVE_UP_MS)),
  );
  const candidates = await deps.db.select({ id: orders.id }).from(orders).where(owed).limit(BATCH);
  let sent = 0;
  for (const { id } of candidates) {
    const [claimed] = await deps.db.update(orders).set({ confirmationClaimedAt: new Date(now) }).where(and(eq(orders.id, id), owed)).returning();
    if (claimed && (await sendConfirmation(deps, claimed))) sent++;
  }
  return sent;
}
