import type { Config } from "../config";
import type { Database } from "../db/client";
import type { PaymentProvider } from "./payment-provider";
import { createStripePaymentProvider } from "./stripe-provider";
import { createTestPaymentProvider } from "./test-provider";

/** Stripe when its keys are configured, else the built-in test provider. */
export function createPaymentProvider(config: Config, db: Database): PaymentProvider {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY && config.STRIPE_WEBHOOK_SECRET) {
    return createStripePaymentProvider({ secretKey: config.STRIPE_SECRET_KEY, publishableKey: config.STRIPE_PUBLISHABLE_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET });
  }
  return createTestPaymentProvider({ db });
}
