import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { orderEdits, orders } from "../db/schema";
import { AppError } from "../errors";
import type { PaymentProvider } from "../payments/payment-provider";
import type { PlannedOrder } from "./edit-plan";
import { tokenHash } from "./edit-order";

/**
 * What the shopper's payment link shows (/orders/pay/{token}): the order, the changes, the new total and the
 * difference, and while the edit waits, how to pay it. Only the token's hash is stored; an unknown token is a 404.
 */
export async function getEditPayment({ db, payments, token }: { db: Pick<Database, "select">; payments: PaymentProvider; token: string }) {
  const [row] = await db.select({ edit: orderEdits, orderNumber: orders.orderNumber, oldTotalCents: orders.totalCents }).from(orderEdits).innerJoin(orders, eq(orders.id, orderEdits.orderId)).where(eq(orderEdits.tokenHash, tokenHash(token)));
  if (!row) throw new AppError("not_found", "This payment link is not valid");
  const { edit } = row;
  const plan = edit.plan as PlannedOrder;
  const waiting = edit.status === "awaiting_payment" && edit.paymentIntentId !== null;
  const intent = waiting ? await payments.retrievePaymentIntent(edit.paymentIntentId!) : null;
  return {
    orderNumber: row.orderNumber,
    status: intent?.status === "succeeded" ? ("applied" as const) : edit.status,
    changes: edit.summary,
    differenceCents: edit.differenceCents,
    newTotalCents: plan.totals.totalCents,
    expiresAt: edit.expiresAt?.toISOString() ?? null,
    paymentError: edit.paymentError,
    payment: intent && intent.status !== "succeeded" ? { provider: payments.name, publishableKey: payments.publishableKey, paymentIntentId: intent.id, clientSecret: intent.clientSecret } : null,
  };
}

export type EditPayment = Awaited<ReturnType<typeof getEditPayment>>;
