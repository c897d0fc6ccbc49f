/**
 * One store process for the multi-process tests (server/test/app-processes.ts starts it with `node --import tsx`):
 * the API wired as server/main.ts wires it, minus the pages and the minute sweeper. Configured by the usual
 * environment (DATABASE_URL, DATA_DIR for the outbox, SMTP_URL, STRIPE_*, PORT, HOST, RESPONSE_CACHE_MS);
 * FAKE_STRIPE_API points the Stripe provider at server/test/fake-stripe.ts. Prints {"listening":port} on stdout once
 * it accepts connections, and on PostgreSQL once its change feed listens.
 */
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { createApp } from "../app";
import { seedCampaign } from "../campaign/campaign";
import { startChangeFeed } from "../cache/change-feed";
import { loadConfig } from "../config";
import { createServices } from "../context";
import { openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { isCatalogEmpty, seedCatalog } from "../db/seed/seed-catalog";
import { createLogger } from "../logger";
import { createMailer } from "../mail/mailer";
import { createPaymentProvider } from "../payments/create-payment-provider";
import { createStripePaymentProvider } from "../payments/stripe-provider";
import { createMediaStore } from "../media/media-store";

const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL);
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
await migrateDatabase(database);
if (config.SEED_ON_START && (await isCatalogEmpty(database.db))) await seedCatalog(database.db);
await seedCampaign(database.db, new Date());

const fakeStripe = process.env.FAKE_STRIPE_API ? new URL(process.env.FAKE_STRIPE_API) : null;
const payments =
  fakeStripe && config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY && config.STRIPE_WEBHOOK_SECRET
    ? createStripePaymentProvider({
        secretKey: config.STRIPE_SECRET_KEY,
        publishableKey: config.STRIPE_PUBLISHABLE_KEY,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET,
        api: { host: fakeStripe.hostname, port: Number(fakeStripe.port), protocol: "http" },
      })
    : createPaymentProvider(config, database.db);
const mailer = createMailer({ smtpUrl: config.SMTP_URL, outboxDir: join(resolve(config.DATA_DIR), "outbox"), from: config.MAIL_FROM });
const media = createMediaStore(config.MEDIA_DIR ?? join(resolve(config.DATA_DIR), "media"));
const services = createServices({ db: database.db, payments, mailer, logger, storeUrl: config.PUBLIC_URL ?? "http://store.test", storeAddress: config.STORE_ADDRESS, feedToken: config.FEED_TOKEN ?? null, media });
const changeFeed = config.DATABASE_URL ? startChangeFeed({ url: config.DATABASE_URL, db: database.db, changes: services.catalogChanges, logger }) : null;
await changeFeed?.listening;
const app = createApp({ services, logger, production: true, cacheTtlMs: config.RESPONSE_CACHE_MS });

const server = app.listen(config.PORT, config.HOST, () => {
  process.stdout.write(`${JSON.stringify({ listening: (server.address() as AddressInfo).port })}\n`);
});
process.on("SIGTERM", () => {
  server.closeAllConnections();
  server.close(() => void Promise.resolve(changeFeed?.close()).then(() => database.close()).finally(() => process.exit(0)));
});
