import cluster from "node:cluster";
import { AggregatorRegistry } from "prom-client";
import { runClusterPrimary } from "./cluster-primary";
import type { Config } from "./config";
import type { Logger } from "./logger";
import { type StartStoreOptions, startStore } from "./start-store";

/**
 * Runs the store in this process, or as WEB_CONCURRENCY workers on PostgreSQL (decision 0027), and stops it
 * gracefully on SIGTERM or SIGINT. `onListening` runs in each process that serves.
 */
export async function runStore({ config, logger, store: options = {}, onListening }: { config: Config; logger: Logger; store?: Omit<StartStoreOptions, "config" | "logger">; onListening?: (port: number) => void }) {
  if (config.WEB_CONCURRENCY > 1 && !config.DATABASE_URL) {
    logger.fatal(`WEB_CONCURRENCY=${config.WEB_CONCURRENCY} needs PostgreSQL: set DATABASE_URL. The embedded PGlite database lives in one process, so it runs one (WEB_CONCURRENCY=1).`);
    process.exit(1);
  }
  if (config.WEB_CONCURRENCY > 1 && cluster.isPrimary) {
    await runClusterPrimary({ config, logger, reviews: options.seedReviews ?? true });
    return;
  }
  const worker = cluster.isWorker;
  const store = await startStore({ ...options, config, logger, prepared: worker, metricsServer: !worker }).catch((err) => {
    logger.fatal({ err }, "the store failed to start");
    process.exit(1);
  });
  if (worker) {
    // A worker answers the primary's requests for its metrics, which the primary sums (decision 0025).
    AggregatorRegistry.setRegistries([store.registry]);
    new AggregatorRegistry();
  }
  onListening?.(store.port);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    await store.stop().catch((err) => logger.error({ err }, "shutdown failed"));
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}
