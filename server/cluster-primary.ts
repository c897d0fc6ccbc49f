import cluster, { type Worker } from "node:cluster";
import { AggregatorRegistry } from "prom-client";
import type { Config } from "./config";
import { openDatabase } from "./db/client";
import type { Logger } from "./logger";
import { startMetricsServer } from "./metrics/metrics-http";
import { prepareStore } from "./prepare-store";

/**
 * WEB_CONCURRENCY=N on PostgreSQL (decision 0027): the primary prepares the database once, forks N workers that
 * share the port (node:cluster), starts a worker again when one dies unexpectedly (waiting longer after each quick
 * death), serves the workers' summed metrics on METRICS_PORT, and on SIGTERM stops the workers and waits for them.
 */
export async function runClusterPrimary({ config, logger, reviews }: { config: Config; logger: Logger; reviews: boolean }): Promise<void> {
  const database = await openDatabase({ url: config.DATABASE_URL, poolSize: 2 });
  await prepareStore({ database, config, logger, reviews });
  await database.close();

  const aggregator = new AggregatorRegistry();
  const metricsServer = config.METRICS_PORT === undefined ? null : await startMetricsServer({ port: config.METRICS_PORT, render: () => aggregator.clusterMetrics(), contentType: aggregator.contentType });

  let stopping = false;
  let quickDeaths = 0;
  const fork = () => {
    const worker = cluster.fork();
    (worker as Worker & { startedAt?: number }).startedAt = Date.now();
    return worker;
  };
  cluster.on("exit", (worker: Worker & { startedAt?: number }, code, signal) => {
    if (stopping) return;
    quickDeaths = Date.now() - (worker.startedAt ?? 0) < 30_000 ? quickDeaths + 1 : 0;
    const delay = Math.min(30_000, 500 * 2 ** quickDeaths);
    logger.error({ pid: worker.process.pid, code, signal, restartInMs: delay }, "worker died; starting another");
    setTimeout(() => !stopping && fork(), delay).unref();
  });
  for (let i = 0; i < config.WEB_CONCURRENCY; i++) fork();
  logger.info({ workers: config.WEB_CONCURRENCY, metricsPort: metricsServer ? config.METRICS_PORT : null }, "cluster started");

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "stopping the workers");
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    const exited = workers.map((w) => new Promise<void>((resolve) => (w.isDead() ? resolve() : w.once("exit", () => resolve()))));
    for (const worker of workers) worker.process.kill("SIGTERM");
    // Each worker stops within SHUTDOWN_DELAY_MS + SHUTDOWN_TIMEOUT_MS; one that does not is killed a little later.
    const kill = setTimeout(() => workers.forEach((w) => !w.isDead() && w.process.kill("SIGKILL")), config.SHUTDOWN_DELAY_MS + config.SHUTDOWN_TIMEOUT_MS + 5_000);
    await Promise.all(exited);
    clearTimeout(kill);
    metricsServer?.close();
    logger.info("cluster stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}
