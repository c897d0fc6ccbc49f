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
  tax: number;
  total: number;
}
