import { existsSync } from "node:fs";
import type { Server } from "node:http";
import { join, resolve } from "node:path";
import { createApp } from "./app";
import { loadConfig } from "./config";
import { createServices } from "./context";
import { openDatabase } from "./db/client";
import { migrateDatabase } from "./db/migrate";
import { MAINTENANCE_INTERVAL_MS, maintainDatabase } from "./db/maintenance";
import { isCatalogEmpty, seedCatalog } from "./db/seed/seed-catalog";
import { seedReviews } from "./db/seed/seed-reviews";
import { seedCampaign } from "./campaign/campaign";
import { startChangeFeed } from "./cache/change-feed";
import { developmentPages, productionPages } from "./http/pages";
import { createLogger } from "./logger";
import { createMediaStore } from "./media/media-store";
import { createMailer } from "./mail/mailer";
import { createPaymentProvider } from "./payments/create-payment-provider";
import { createLanguageModel } from "./stylist/language-model";
import { projectRoot } from "./paths";
import { describeRuntime } from "./runtime";

const envFile = join(projectRoot, ".env");
if (existsSync(envFile)) process.loadEnvFile(envFile);

const config = loadConfig();
const logger = createLogger(config.LOG_LEVEL);
const production = config.NODE_ENV === "production";

const runtime = describeRuntime();
if (runtime.pinnedMajor) logger.info(runtime, `running on Node ${runtime.node}`);
else logger.warn(runtime, `running on Node ${runtime.node}, not the pinned ${runtime.pinned}: start the store with npm start`);

const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
logger.info({ driver: database.driver }, "database opened");
await migrateDatabase(database);
if (config.SEED_ON_START && (await isCatalogEmpty(database.db))) {
  const seeded = await seedCatalog(database.db);
  logger.info({ ...seeded, ...(await seedReviews(database.db)) }, "catalogue seeded");
}
await seedCampaign(database.db, new Date());
await maintainDatabase(database);

const payments = createPaymentProvider(config, database.db);
const mailer = createMailer({ smtpUrl: config.SMTP_URL, outboxDir: join(resolve(config.DATA_DIR), "outbox"), from: config.MAIL_FROM });
const storeUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
const media = createMediaStore(config.MEDIA_DIR ?? join(resolve(config.DATA_DIR), "media"));
const services = createServices({ db: database.db, payments, mailer, logger, storeUrl, storeAddress: config.STORE_ADDRESS, media, importImageHosts: config.IMPORT_IMAGE_HOSTS, sharedReadMs: production ? Math.min(1000, config.RESPONSE_CACHE_MS) : 0, publicConfig: { gtmId: config.GTM_ID ?? null }, feedToken: config.FEED_TOKEN ?? null,
  languageModel: config.AI_API_KEY ? createLanguageModel({ apiKey: config.AI_API_KEY, baseUrl: config.AI_BASE_URL, model: config.AI_MODEL }) : null,
});
logger.info({ payments: payments.name, mail: config.SMTP_URL ? "smtp" : "outbox" }, "services ready");
// Several processes on one PostgreSQL tell each other what changed, so their caches agree within a second (decision 0022).
const changeFeed = config.DATABASE_URL ? startChangeFeed({ url: config.DATABASE_URL, db: database.db, changes: services.catalogChanges, logger }) : null;
const pages = production ? await productionPages(services) : await developmentPages(services);
// Behind HTTPS (PUBLIC_URL https://...) cookies are Secure; a plain-HTTP local run keeps them usable on localhost.
const app = createApp({ services, logger, production, pages, secureCookies: production && storeUrl.startsWith("https:"), cacheTtlMs: production ? config.RESPONSE_CACHE_MS : 0 });

const server: Server = app.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  logger.info({ port, mode: config.NODE_ENV }, `store listening on http://localhost:${port}`);
});
server.on("error", (err) => {
  logger.fatal({ err }, "server failed to start");
  void database.close().finally(() => process.exit(1));
});

// Lapsed reservations go back on sale every minute, owed confirmations go out and owed refunds are retried (safe
// with several instances: see expire-orders.ts, owed-confirmations.ts and owed-refunds.ts).
const sweeper = setInterval(() => {
  services.checkout.expireStaleOrders().then(
    (n) => n > 0 && logger.info({ expired: n }, "expired unpaid orders"),
    (err) => logger.error({ err }, "order expiry sweep failed"),
  );
  services.accounts.tidy().catch((err) => logger.error({ err }, "session tidy-up failed"));
  services.checkout.sendOwedConfirmations().then(
    (n) => n > 0 && logger.info({ sent: n }, "sent owed order confirmations"),
    (err) => logger.error({ err }, "confirmation sweep failed"),
  );
  // Back-in-stock alerts whose stock came back by any path, and sign-ups never confirmed (safe with several instances).
  services.alerts.sweep().then(
    (n) => n > 0 && logger.info({ sent: n }, "sent back-in-stock alerts"),
    (err) => logger.error({ err }, "back-in-stock sweep failed"),
  );
  services.checkout.issueOwedRefunds().then(
    (n) => n > 0 && logger.info({ refunded: n }, "issued owed refunds"),
    (err) => logger.error({ err }, "refund sweep failed"),
  );
}, 60_000);
sweeper.unref();
const maintenance = setInterval(() => maintainDatabase(database).catch((err) => logger.error({ err }, "database maintenance failed")), MAINTENANCE_INTERVAL_MS);
maintenance.unref();

let closing = false;
/** Stops accepting connections, lets requests finish, then closes the database so PGlite needs no recovery. */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  clearInterval(sweeper);
  clearInterval(maintenance);
  logger.info({ signal }, "shutting down");
  const force = setTimeout(() => server.closeAllConnections(), 5_000);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  clearTimeout(force);
  await changeFeed?.close();
  await database.close();
  logger.info("database closed");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
