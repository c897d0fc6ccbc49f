import type { AlertService } from "../alerts/alert-service";
import { type CatalogChanges, publishingChangedProducts, stockReturnedSoFar } from "../cache/catalog-changes";
import type { TestPaymentProvider } from "../payments/test-provider";
import { withDeps } from "../with-deps";
import { expireStaleOrders } from "./expire-orders";
import { getOrderStatus } from "./get-order-status";
import { handlePaymentEvent } from "./handle-payment-event";
import type { OrderDeps } from "./order-deps";
import { lookUpOrder } from "./order-lookup";
import { settleOwedTax } from "./order-tax";
import { sendOwedConfirmations } from "./owed-confirmations";
import { issueOwedRefunds } from "./owed-refunds";
import { quoteCheckout } from "./quote-checkout";
import { issuePendingRefunds } from "./refunds";
import { requestReturn } from "./returns";
import { startCheckout } from "./start-checkout";

export interface CheckoutDeps extends OrderDeps {
  /** Where the products whose stock a checkout or a payment changed are published (decision 0022). */
  catalogChanges: CatalogChanges;
  /** The back-in-stock sender, kicked when a checkout-side call put stock back on sale. */
  alerts: Pick<AlertService, "afterStockChange" | "afterStockReturned">;
}

/**
 * Checkout and what follows it (DESIGN §4, §5): the quote, the payment step, the order's status, payment events, the
 * guest lookup and returns, and the minute sweep's expiries, confirmations and refunds owed.
 */
export function createCheckoutService({ catalogChanges, alerts, ...orderDeps }: CheckoutDeps) {
  /** Checkout-side calls publish the products whose stock or rating they changed, and only those (decision 0022). */
  const publishing = <A extends unknown[], R>(service: (...args: A) => Promise<R>) => publishingChangedProducts(catalogChanges, service);
  /** A checkout or a payment mostly takes stock: the sender is kicked only when it put some back (inside `publishing`, which tracks it). */
  const restockingIfReturned = <A extends unknown[], R>(service: (...args: A) => Promise<R>) => alerts.afterStockReturned(service, stockReturnedSoFar);
  /** Every payment event, Stripe's webhooks and the built-in provider's alike, goes through the one handler (issue 35). */
  const applyPaymentEvent = publishing(restockingIfReturned(withDeps(orderDeps, handlePaymentEvent)));
  if (orderDeps.payments.name === "test") (orderDeps.payments as TestPaymentProvider).onEvent((event) => applyPaymentEvent({ event }));
  return {
    quote: withDeps(orderDeps, quoteCheckout),
    startCheckout: publishing(restockingIfReturned(withDeps(orderDeps, startCheckout))),
    getOrderStatus: publishing(withDeps(orderDeps, getOrderStatus)),
    lookUpOrder: withDeps({ db: orderDeps.db, now: orderDeps.now }, lookUpOrder),
    requestReturn: withDeps(orderDeps, requestReturn),
    handlePaymentEvent: applyPaymentEvent,
    expireStaleOrders: alerts.afterStockChange(publishing(() => expireStaleOrders(orderDeps))),
    sendOwedConfirmations: () => sendOwedConfirmations(orderDeps),
    /** Whole-order refunds owed (a cancel, a late payment), then written refunds the provider hasn't confirmed, then tax owed to or back from the tax provider. */
    issueOwedRefunds: async () => (await issueOwedRefunds(orderDeps)) + (await issuePendingRefunds(orderDeps)) + (await settleOwedTax(orderDeps)),
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
