import type { PaymentEvent } from "../payments/payment-provider";
import { markOrderPaid } from "./mark-order-paid";
import type { OrderDeps } from "./order-deps";
import { cancelOrderForPayment, markOrderFailed } from "./payment-setbacks";

/** Applies a verified webhook event once (its id is recorded in the same transaction as the change). */
export async function handlePaymentEvent(deps: OrderDeps & { event: PaymentEvent }): Promise<void> {
  const { event } = deps;
  const ref = { id: event.id, type: event.type };
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
