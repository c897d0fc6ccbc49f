import type { MailingDeps } from "../mail/mail-deps";
import type { Metrics } from "../metrics/metrics";
import type { PaymentProvider } from "../payments/payment-provider";
import type { OrderRow, TaxProviderName } from "../db/schema";
import type { PricingRules } from "../pricing/pricing-rules";
import type { TaxProvider } from "../tax/tax-provider";

/** What checkout and order functions need; built once in server/context.ts (tests swap the clock or provider). */
export interface OrderDeps extends MailingDeps {
  payments: PaymentProvider;
  /** The staff's tax and shipping rules (shared and cached), and the tax provider they select. */
  pricingRules: () => Promise<PricingRules>;
  /** The tax provider of that name (an order is committed and reversed by the one that priced it). */
  taxProvider: (name: TaxProviderName) => TaxProvider;
  /** Counts paid orders and declined payments (server/metrics). */
  metrics?: Pick<Metrics, "orderPaid" | "checkoutFailed">;
  /** After an order became paid (a checkout recovery link's cart recovers its checkout, issue 31). */
  afterPaid?: (order: OrderRow) => Promise<void>;
  /** The expiry a gift card bought now gets (decision 0055: none in the US and Canada). */
  giftCardExpiry?: () => Promise<Date | null>;
}

/** DESIGN §4: a reservation holds stock for 15 minutes. */
export const RESERVATION_MINUTES = 15;
