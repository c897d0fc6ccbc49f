import type { Server } from "node:http";
import type { Registry } from "prom-client";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { createApp } from "./app";
import { offsetClock } from "./clock/clock-offset";
import { startChangeFeed } from "./cache/change-feed";
import type { Config } from "./config";
import { createServices } from "./context";
import { type Database, openDatabase } from "./db/client";
import { developmentPages, productionPages } from "./http/pages";
import { createJobRunner } from "./jobs/job-runner";
import type { Logger } from "./logger";
import { createMailer } from "./mail/mailer";
import { assertMediaReachable, mediaStoreFromConfig } from "./media/media-from-config";
import { startDrawingFill } from "./catalog/images/fill-drawings";
import { setMediaBase } from "../shared/photo-urls";
import { startMetricsServer } from "./metrics/metrics-http";
import { assertDataDirFree, startControlSocket } from "./ops/control-socket";
import { createPaymentProvider } from "./payments/create-payment-provider";
import type { PaymentProvider } from "./payments/payment-provider";
import { prepareStore } from "./prepare-store";
import { createLanguageModel } from "./stylist/language-model";
import { stopServer } from "./stop-server";

/** How long an idle keep-alive connection is kept (its `Keep-Alive: timeout=65`). */
export const KEEP_ALIVE_MS = 65_000;

export interface StartStoreOptions {
  config: Config;
  logger: Logger;
  /** Serve the React Router pages; the process tests run the API alone. */
  pages?: boolean;
  /** Migrations and seeding already ran (the cluster's primary ran them). */
  prepared?: boolean;
  /** Seed the demo reviews with the catalogue (the process tests leave them out). */
  seedReviews?: boolean;
  /** Instead of the provider the configuration names (the process tests' fake Stripe). */
  payments?: (db: Database) => PaymentProvider;
  /** The metrics server on METRICS_PORT (a cluster's workers leave it to the primary). */
  metricsServer?: boolean;
}

export interface RunningStore {
  port: number;
  /** This process's metrics, for the cluster's primary to sum. */
  registry: Registry;
  /**
   * Graceful stop (decision 0027): stops accepting connections, lets requests in flight finish (up to
   * SHUTDOWN_TIMEOUT_MS, then drops what is left), lets running jobs finish or hands them back, closes the database.
   */
  stop(): Promise<void>;
}

/** Opens the database and serves the store on config.PORT: what `npm start` runs in each process. */
export async function startStore({ config, logger, pages = true, prepared = false, seedReviews = true, payments: paymentsFor, metricsServer: serveMetrics = true }: StartStoreOptions): Promise<RunningStore> {
  const production = config.NODE_ENV === "production";
  // The store's one clock (issue 31, item 6): reservations, jobs and emails read it, and the operator may move it ahead.
  const now = offsetClock(config.STORE_CLOCK_OFFSET);
  if (config.STORE_CLOCK_OFFSET > 0) {
    logger.warn({ clockOffsetMs: config.STORE_CLOCK_OFFSET, storeNow: now().toISOString() }, `STORE_CLOCK_OFFSET is set: this store's clock runs ${config.STORE_CLOCK_OFFSET / 60_000} minutes AHEAD of the real time (reservations expire, jobs fire and emails go early). For trying the store out only: unset it for real shoppers.`);
  }
  // Photos in MEDIA_DIR or an S3-compatible bucket (decision 0053); a bucket that can't be read stops the start.
  const media = mediaStoreFromConfig(config);
  await assertMediaReachable(media);
  // Pages link to MEDIA_PUBLIC_URL when it is set (every link is made through shared/photo-urls.ts).
  setMediaBase(media.publicUrl);
  // Two processes on one PGlite directory can corrupt it: another store or a tool may have it open (decision 0036).
  if (!config.DATABASE_URL) await assertDataDirFree(config.DATA_DIR);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE });
  logger.info({ driver: database.driver }, "database opened");
  if (!prepared) await prepareStore({ database, config, logger, reviews: seedReviews });
  // `npm run db:backup` asks the running store for a snapshot of its PGlite files over this socket (decision 0024),
  // `npm run admin:create` hands it a new Owner, and the other tools find out that it runs (decision 0036).
  let listeningPort: number | null = null;
  const controlSocket = database.pglite
    ? await startControlSocket({ dataDir: config.DATA_DIR, pglite: database.pglite, db: database.db, logger, port: () => listeningPort }).catch((err) => void logger.warn({ err }, "no control socket: backups need the store stopped"))
    : null;

  const payments = paymentsFor ? paymentsFor(database.db) : createPaymentProvider(config, database.db);
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, outboxDir: join(resolve(config.DATA_DIR), "outbox") });
  const storeUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  // Expiring reservations, owed confirmations and refunds, alerts and upkeep run as jobs (decision 0026).
  const jobs = config.RUN_JOBS ? createJobRunner({ database, logger, now }) : null;
  const services = createServices({
    now,
    jobs: jobs ?? undefined,
    db: database.db,
    payments,
    mailer,
    logger,
    storeUrl,
    media,
    importImageHosts: config.IMPORT_IMAGE_HOSTS,
    sharedReadMs: production ? Math.min(1000, config.RESPONSE_CACHE_MS) : 0,
    publicConfig: { gtmId: config.GTM_ID ?? null, countryHeader: config.COUNTRY_HEADER },
    feedToken: config.FEED_TOKEN ?? null,
    stepUpMs: config.STAFF_STEP_UP_SECONDS * 1000,
    stripeTax: config.STRIPE_SECRET_KEY ? { secretKey: config.STRIPE_SECRET_KEY } : null,
    languageModel: config.AI_API_KEY ? createLanguageModel({ apiKey: config.AI_API_KEY, baseUrl: config.AI_BASE_URL, model: config.AI_MODEL }) : null,
  });
  const pglite = database.pglite;
  if (pglite) services.metrics.measureWasmMemory(() => pglite.wasmMemoryBytes());
  if (jobs) {
    await jobs.start(services);
    services.metrics.countJobsWith(jobs.counts);
  }
  const metricsServer = serveMetrics && config.METRICS_PORT !== undefined ? await startMetricsServer({ port: config.METRICS_PORT, render: services.metrics.render, contentType: services.metrics.contentType }) : null;
  logger.info({ payments: payments.name, media: media.bucket.kind, mail: config.SMTP_URL ? "smtp" : "outbox", jobs: Boolean(jobs), metricsPort: metricsServer ? config.METRICS_PORT : null }, "services ready");
  // Several processes on one PostgreSQL tell each other what changed, so their caches agree within a second (decision 0022).
  const changeFeed = config.DATABASE_URL ? startChangeFeed({ url: config.DATABASE_URL, db: database.db, changes: services.catalogChanges, logger }) : null;
  await changeFeed?.listening;
  const pageHandlers = !pages ? null : production ? await productionPages(services) : await developmentPages(services);
  // Behind HTTPS (PUBLIC_URL https://...) cookies are Secure; a plain-HTTP local run keeps them usable on localhost.
  const app = createApp({ services, logger, production, pages: pageHandlers, metricsToken: config.METRICS_TOKEN ?? null, secureCookies: production && storeUrl.startsWith("https:"), cacheTtlMs: production || !pages ? config.RESPONSE_CACHE_MS : 0, trustProxy: config.TRUST_PROXY });

  const server: Server = app.listen(config.PORT, config.HOST);
  // An idle keep-alive connection stays open longer than a balancer's or a client's own idle limit (60 s for the
  // common balancers), so the other side closes it first. Node's 5 s meant a client reusing one just as the store
  // closed it got a reset (ECONNRESET, a balancer's 502), as a browser test once did.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  await new Promise<void>((done, fail) => {
    server.once("listening", done);
    server.once("error", fail);
  });
  const port = (server.address() as AddressInfo).port;
  listeningPort = port;
  logger.info({ port, mode: config.NODE_ENV }, `store listening on http://localhost:${port}`);
  // On a bucket, the catalogue's drawings it lacks are stored there, after the store is ready (decision 0053).
  const drawingFill = startDrawingFill({ db: database.db, media, logger });

  return {
    port,
    registry: services.metrics.registry,
    async stop() {
      // Not ready from now on; keep answering for SHUTDOWN_DELAY_MS so a balancer sees it and stops sending, and only
      // then close the listener (a connection waiting in the backlog of a closed listener is reset).
      services.health.markStopping();
      if (config.SHUTDOWN_DELAY_MS > 0) await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DELAY_MS));
      await Promise.all([stopServer(server, config.SHUTDOWN_TIMEOUT_MS), jobs?.stop(config.SHUTDOWN_TIMEOUT_MS), drawingFill.stop()]);
      metricsServer?.close();
      controlSocket?.close();
      await changeFeed?.close();
      await database.close();
      logger.info("database closed");
    },
  };
}
