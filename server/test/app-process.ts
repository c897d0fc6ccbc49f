/**
 * One store process for the multi-process tests (server/test/app-processes.ts starts it with `node --import tsx`):
 * the store as server/main.ts runs it (server/run-store.ts: WEB_CONCURRENCY workers, the graceful stop), minus the
 * pages (unless TEST_PAGES=true: the built ones, as `npm start` serves them) and the demo reviews. Configured by the
 * usual environment (DATABASE_URL, DATA_DIR for the outbox, SMTP_URL, STRIPE_*, MEDIA_STORAGE and S3_*, PORT, HOST,
 * RESPONSE_CACHE_MS, RUN_JOBS); FAKE_STRIPE_API points the Stripe provider at server/test/fake-stripe.ts.
 * Prints {"listening":port} on stdout once it accepts connections (on PostgreSQL, once its change feed listens).
 */
import { loadConfig } from "../config";
import { createLogger } from "../logger";
import { createStripePaymentProvider } from "../payments/stripe-provider";
import { runStore } from "../run-store";

process.env.PUBLIC_URL ??= "http://store.test";
const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL);
const fakeStripe = process.env.FAKE_STRIPE_API ? new URL(process.env.FAKE_STRIPE_API) : null;
const { STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: publishableKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = config;
const payments =
  fakeStripe && secretKey && publishableKey && webhookSecret
    ? () => createStripePaymentProvider({ secretKey, publishableKey, webhookSecret, api: { host: fakeStripe.hostname, port: Number(fakeStripe.port), protocol: "http" } })
    : undefined;

await runStore({ config, logger, store: { pages: process.env.TEST_PAGES === "true", seedReviews: false, payments }, onListening: (port) => process.stdout.write(`${JSON.stringify({ listening: port })}\n`) });
