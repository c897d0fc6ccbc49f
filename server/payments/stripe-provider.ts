import Stripe from "stripe";
import { AppError } from "../errors";
import type { IntentStatus, PaymentEvent, PaymentIntent, PaymentProvider } from "./payment-provider";

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Tests point the SDK at a local fake of the few endpoints we call. */
  api?: { host: string; port: number; protocol: "http" | "https" };
}

const HANDLED = new Set(["payment_intent.succeeded", "payment_intent.payment_failed", "payment_intent.canceled"]);

function toIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? "",
    status: intent.status as IntentStatus,
    amountCents: intent.amount,
    lastError: intent.last_payment_error?.message ?? null,
  };
}

/** Stripe behind the one provider interface (DESIGN §5): USD intents with an idempotency key and the order id in metadata. */
export function createStripePaymentProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, { maxNetworkRetries: 2, timeout: 20_000, telemetry: false, ...settings.api });
  return {
    name: "stripe",
    publishableKey: settings.publishableKey,
    async createPaymentIntent({ orderId, orderNumber, amountCents, idempotencyKey, email }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: "usd",
          automatic_payment_methods: { enabled: true },
          receipt_email: email,
          description: `Order ${orderNumber}`,
          metadata: { order_id: orderId, order_number: orderNumber },
        },
        { idempotencyKey },
      );
      return toIntent(intent);
    },
    async retrievePaymentIntent(id) {
      return toIntent(await stripe.paymentIntents.retrieve(id));
    },
    async cancelPaymentIntent(id) {
      await stripe.paymentIntents.cancel(id);
    },
    async refundPaymentIntent(id) {
      try {
        // Stripe replays a key's first answer, errors included, for 24 hours: a key per hour lets the sweep's retries
        // reach Stripe again. A second full refund cannot happen: Stripe refuses it as already refunded.
        await stripe.refunds.create({ payment_intent: id }, { idempotencyKey: `refund-${id}-${Math.floor(Date.now() / 3_600_000)}` });
      } catch (err) {
        // A retry after Stripe forgot the idempotency key (24 h) finds the refund already made: that is success.
        if ((err as { code?: string }).code !== "charge_already_refunded") throw err;
      }
    },
    async refundPayment({ intentId, amountCents, refundId }) {
      // The refund carries our id: a retry after Stripe forgot the idempotency key (24 h) finds it instead of
      // refunding twice.
      for await (const made of stripe.refunds.list({ payment_intent: intentId, limit: 100 })) {
        if (made.metadata?.refund_id === refundId) return;
      }
      await stripe.refunds.create({ payment_intent: intentId, amount: amountCents, metadata: { refund_id: refundId } }, { idempotencyKey: `refund-${refundId}` });
    },
    parseWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? "", settings.webhookSecret);
      } catch {
        throw new AppError("bad_request", "Invalid webhook signature");
      }
      return readEvent(event);
    },
  };
}

function readEvent(event: Stripe.Event): PaymentEvent {
  if (!HANDLED.has(event.type)) return { id: event.id, type: "ignored", eventType: event.type };
  const intent = event.data.object as Stripe.PaymentIntent;
  switch (event.type) {
    case "payment_intent.succeeded":
      return { id: event.id, type: event.type, intentId: intent.id, amountCents: intent.amount };
    case "payment_intent.payment_failed":
      return { id: event.id, type: event.type, intentId: intent.id, message: intent.last_payment_error?.message ?? null };
    default:
      return { id: event.id, type: "payment_intent.canceled", intentId: intent.id };
  }
}
