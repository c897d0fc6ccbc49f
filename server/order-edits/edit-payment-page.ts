import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { orderEdits, type OrderEditStatus, orders } from "../db/schema";
import { AppError } from "../errors";
import type { PaymentProvider } from "../payments/payment-provider";
import type { PlannedOrder } from "./edit-plan";
import { tokenHash } from "./edit-order";

/**
 * What the shopper's payment link shows (/orders/pay/{token}): the order, the changes, the new total and the
 * difference, and while the edit waits, how to pay it. Only the token's hash is stored; an unknown token is a 404.
 */
export async function getEditPayment({ db, payments, token, applyPaid }: { db: Pick<Database, "select">; payments: PaymentProvider; token: string; applyPaid: (paymentIntentId: string) => Promise<void> }): Promise<EditPayment> {
  const [row] = await db.select({ edit: orderEdits, orderNumber: orders.orderNumber, oldTotalCents: orders.totalCents }).from(orderEdits).innerJoin(orders, eq(orders.id, orderEdits.orderId)).where(eq(orderEdits.tokenHash, tokenHash(token)));
  if (!row) throw new AppError("not_found", "This payment link is not valid");
  const { edit } = row;
  const plan = edit.plan as PlannedOrder;
  const waiting = edit.status === "awaiting_payment" && edit.paymentIntentId !== null;
  const intent = waiting ? await payments.retrievePaymentIntent(edit.paymentIntentId!) : null;
  // Paid, but its event hasn't come (yet): applied now, as the checkout's success page completes a paid order
  // (DESIGN §5); the edit's lock makes it happen once whichever comes first.
  if (intent?.status === "succeeded") {
    await applyPaid(intent.id);
    return getEditPayment({ db, payments, token, applyPaid: async () => {} });
  }
  return {
    orderNumber: row.orderNumber,
    status: edit.status,
    changes: edit.summary,
    differenceCents: edit.differenceCents,
    newTotalCents: plan.totals.totalCents,
    expiresAt: edit.expiresAt?.toISOString() ?? null,
    paymentError: edit.paymentError,
    payment: intent ? { provider: payments.name, publishableKey: payments.publishableKey, paymentIntentId: intent.id, clientSecret: intent.clientSecret } : null,
  };
}

export interface EditPayment {
  orderNumber: string;
  status: OrderEditStatus;
  changes: string[];
  differenceCents: number;
  newTotalCents: number;
  expiresAt: string | null;
  paymentError: string | null;
  /** How to pay, while the edit waits for it. */
  payment: { provider: PaymentProvider["name"]; publishableKey: string | null; paymentIntentId: string; clientSecret: string } | null;
}
