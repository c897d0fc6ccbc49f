import type { TaxLineSummary } from "./tax-lines";

/** The answer of POST /api/create-payment-intent (SPEC §7 names clientSecret; the rest lets the page show totals). */
export interface CheckoutStarted {
  clientSecret: string;
  paymentIntentId: string;
  orderNumber: string;
  provider: "test" | "stripe";
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
}
