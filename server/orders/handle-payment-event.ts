import type { PaymentEvent } from "../payments/payment-provider";
import { applyPaidEdit, endEdit, failEditPayment, isEditPayment } from "../order-edits/settle-edit";
import { markOrderPaid } from "./mark-order-paid";
import type { OrderDeps } from "./order-deps";
import { cancelOrderForPayment, markOrderFailed } from "./payment-setbacks";

/** Applies a verified webhook event once (its id is recorded in the same transaction as the change). */
export async function handlePaymentEvent(deps: OrderDeps & { event: PaymentEvent }): Promise<void> {
  const { event } = deps;
  const ref = { id: event.id, type: event.type };
  // The difference of an order edit is paid like an order, through these same events (issue 51, decision 0056).
  if (event.type !== "ignored" && (await isEditPayment(deps.db, event.intentId))) {
    if (event.type === "payment_intent.succeeded") await applyPaidEdit({ ...deps, paymentIntentId: event.intentId, event: ref });
    else if (event.type === "payment_intent.payment_failed") await failEditPayment({ ...deps, paymentIntentId: event.intentId, message: event.message, event: ref });
    else await endEdit(deps, { paymentIntentId: event.intentId, status: "canceled", note: "its payment was canceled; the order is unchanged", event: ref });
    return;
  }
  switch (event.type) {
    case "payment_intent.succeeded":
      await markOrderPaid({ ...deps, paymentIntentId: event.intentId, event: ref });
      return;
    case "payment_intent.payment_failed":
      await markOrderFailed({ ...deps, paymentIntentId: event.intentId, message: event.message, event: ref });
      return;
    case "payment_intent.canceled":
      await cancelOrderForPayment({ ...deps, paymentIntentId: event.intentId, event: ref });
      return;
    case "ignored":
      return;
  }
}
