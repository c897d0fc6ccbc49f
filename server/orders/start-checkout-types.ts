import type { TaxLineSummary } from "./tax-lines";

/** The answer of POST /api/create-payment-intent (SPEC §7 names clientSecret; the rest lets the page show totals). */
export interface CheckoutStarted {
  clientSecret: string;
  paymentIntentId: string;
  orderNumber: string;
  /** store_credit: store credit and gift cards paid it all and the order is already paid (no card form). */
  provider: "test" | "stripe" | "store_credit";
  publishableKey: string | null;
  subtotal: number;
  discount: number;
  shipping: number;
  /** The chosen rate's price before a free-shipping code, its name and delivery days. */
  shippingBeforeDiscount: number;
  shippingMethod: string | null;
  tax: number;
  taxIncluded: boolean;
  taxLines: TaxLineSummary[];
  /** The one rate on every taxed line, else null. */
  taxRatePercent: number | null;
  total: number;
  /** Tenders (issue 51), in cents: what gift cards and store credit paid, and what the card is charged. */
  giftCardCents: number;
  storeCreditCents: number;
  amountDueCents: number;
}
