import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createMediaStore } from "../media/media-store";
import type { AddressInfo } from "node:net";
import { createApp } from "../app";
import type { TrustProxy } from "../http/trust-proxy";
import { productionPages } from "../http/pages";
import { createServices, type ServiceDeps, type Services } from "../context";
import type { DatabaseHandle } from "../db/client";
import { createLogger, type Logger } from "../logger";
import type { PaymentProvider } from "../payments/payment-provider";
import { createTestPaymentProvider } from "../payments/test-provider";
import { createMailer } from "../mail/mailer";
import { createMemoryMailer } from "./memory-mailer";
import type { LanguageModel } from "../stylist/language-model";
import { createTestDatabase, type TestDatabase } from "./test-database";
import { createJobRunner, type JobRunner, type JobRunnerOptions } from "../jobs/job-runner";

export interface TestServer {
  url: string;
  database: DatabaseHandle;
  services: Services;
  /** What the store sent (empty when `smtpUrl` sends it to a real SMTP server instead). */
  mailer: ReturnType<typeof createMemoryMailer>;
  /** The background job queue, when `jobs` was asked for. */
  jobs: JobRunner | null;
  /** The clock every service reads; tests move it forward. */
  clock: { now: Date };
  /** The store's logger (silent unless TEST_LOG_LEVEL says otherwise): a test may listen to what it says. */
  logger: Logger;
  close(): Promise<void>;
}

export const TEST_STORE_URL = "http://store.test";

/** The API on an ephemeral port over a fresh database, as production wires it (minus the pages). */
export async function startTestServer(
  options: {
    payments?: (deps: { db: DatabaseHandle["db"] }) => PaymentProvider;
    secureCookies?: boolean;
    feedToken?: string;
    /** Hosts an import may fetch photos from on a private address (the test's own image server). */
    importImageHosts?: string[];
    languageModel?: LanguageModel;
    /** Turns on the production response cache for anonymous catalogue reads. */
    cacheTtlMs?: number;
    /** Turns on the reads shared between visitors (production keeps them a second). */
    sharedReadMs?: number;
    /** Sends mail over SMTP to this server (production's mailer) instead of keeping it in `mailer.sent`. */
    smtpUrl?: string;
    /** Runs on this database (opened, migrated and seeded by the test) instead of a fresh one; closed with the server. */
    database?: TestDatabase;
    /** Serves GET /metrics to this bearer token. */
    metricsToken?: string;
    /** Serves the built pages too (npm run build; server/test/global-setup.ts makes sure the build is current). */
    pages?: boolean;
    /** Runs the background job queue (unscheduled: tests queue runs with `jobs.enqueue`), with these options. */
    jobs?: Partial<Omit<JobRunnerOptions, "database" | "logger">>;
    /** Stripe Tax's API (the offline fake in server/test/fake-stripe.ts), for stores whose settings pick it. */
    stripeTax?: ServiceDeps["stripeTax"];
    /** GTM_ID and the country header (the cookie banner's tests). */
    publicConfig?: ServiceDeps["publicConfig"];
    /** TRUST_PROXY, parsed (the default: the proxy on this machine). */
    trustProxy?: TrustProxy;
  } = {},
): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase());
  const mediaDir = mkdtempSync(join(tmpdir(), "store-media-"));
  const mailer = createMemoryMailer();
  const clock = { now: new Date() };
  const logger = createLogger(process.env.TEST_LOG_LEVEL ?? "silent");
  const deps: ServiceDeps = {
    db: database.db,
    payments: (options.payments ?? createTestPaymentProvider)({ db: database.db }),
    mailer: options.smtpUrl ? createMailer({ smtpUrl: options.smtpUrl, outboxDir: join(mediaDir, "outbox") }) : mailer,
    logger,
    now: () => new Date(clock.now),
    storeUrl: TEST_STORE_URL,
    feedToken: options.feedToken ?? null,
    languageModel: options.languageModel ?? null,
    media: createMediaStore(mediaDir),
    importImageHosts: options.importImageHosts ?? [],
    sharedReadMs: options.sharedReadMs ?? 0,
    stripeTax: options.stripeTax ?? null,
    publicConfig: options.publicConfig,
  };
  const jobs = options.jobs ? createJobRunner({ database, logger, schedule: false, pollingIntervalSeconds: 0.5, retryDelaySeconds: 1, ...options.jobs }) : null;
  const services = createServices({ ...deps, jobs: jobs ?? undefined });
  await jobs?.start(services);
  const pages = options.pages ? await productionPages(services) : null;
  const app = createApp({ services, logger, production: true, pages, secureCookies: options.secureCookies, cacheTtlMs: options.cacheTtlMs, metricsToken: options.metricsToken, trustProxy: options.trustProxy });
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    database,
    services,
    mailer,
    clock,
    jobs,
    logger,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await jobs?.stop(1000);
      await database.close();
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}
