import type { MailingDeps } from "../mail/mail-deps";
import type { Metrics } from "../metrics/metrics";
import type { PaymentProvider } from "../payments/payment-provider";

/** What checkout and order functions need; built once in server/context.ts (tests swap the clock or provider). */
export interface OrderDeps extends MailingDeps {
  payments: PaymentProvider;
  /** Counts paid orders and declined payments (server/metrics). */
  metrics?: Pick<Metrics, "orderPaid" | "checkoutFailed">;
}

/** DESIGN §4: a reservation holds stock for 15 minutes. */
export const RESERVATION_MINUTES = 15;
