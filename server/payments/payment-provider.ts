/** DESIGN §5: the one interface both the built-in test provider and Stripe implement. */
export type IntentStatus = "requires_payment_method" | "requires_confirmation" | "requires_action" | "processing" | "succeeded" | "canceled";

export interface PaymentIntent {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  /** The provider's reason for the last failed attempt, if any. */
  lastError: string | null;
}

/** The events we act on; anything else is acknowledged and ignored. */
export type PaymentEvent =
  | { id: string; type: "payment_intent.succeeded"; intentId: string; amountCents: number }
  | { id: string; type: "payment_intent.payment_failed"; intentId: string; message: string | null }
  | { id: string; type: "payment_intent.canceled"; intentId: string }
  | { id: string; type: "ignored"; eventType: string };

export interface PaymentProvider {
  name: "test" | "stripe";
  /** What the browser needs to load the provider's card form (null for the test provider). */
  publishableKey: string | null;
  createPaymentIntent(args: { orderId: string; orderNumber: string; amountCents: number; idempotencyKey: string; email: string }): Promise<PaymentIntent>;
  retrievePaymentIntent(id: string): Promise<PaymentIntent>;
  cancelPaymentIntent(id: string): Promise<void>;
  /** Refunds everything still paid on the intent (a canceled order, or one paid too late). */
  refundPaymentIntent(id: string): Promise<void>;
  /** Refunds part of a payment, once per `refundId` however often it is retried. */
  refundPayment(args: { intentId: string; amountCents: number; refundId: string }): Promise<void>;
  /** Verifies a webhook's signature and reads it; throws on a bad or stale signature. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}
