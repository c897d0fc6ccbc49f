import { PgBoss, type Queue } from "pg-boss";
import { pgliteExecutor } from "./pglite-executor";
import { maskedUrl } from "../ops/pg-tools";
import type { Services } from "../context";
import type { DatabaseHandle } from "../db/client";
import { recordAudit } from "../audit/audit-log";
import { AppError } from "../errors";
import type { Logger } from "../logger";
import { type ScheduledJob, SCHEDULED_JOBS, TASK_QUEUES, type TaskQueue } from "./job-list";
import type { JobControl } from "./job-control";
import { countJobs, findFailedJob, readJobsOverview } from "./job-overview";

export interface JobRunner extends JobControl {
  /** Creates the queues, schedules them (unless `schedule` is off) and starts working them. */
  start(services: Services): Promise<void>;
  /** Queues one run of a job now. */
  enqueue(name: string): Promise<string | null>;
  /**
   * Stops fetching, waits up to `timeoutMs` for running jobs to finish; a job still running then is failed back
   * ("pg-boss shut down while active") and retried after its pause, by whichever process works the queue.
   */
  stop(timeoutMs: number): Promise<void>;
}

export interface JobRunnerOptions {
  database: DatabaseHandle;
  logger: Logger;
  /** Make the cron runs (the default); tests turn it off and queue runs themselves. */
  schedule?: boolean;
  /** How often an idle worker asks for work (seconds, at least 0.5). */
  pollingIntervalSeconds?: number;
  jobs?: readonly ScheduledJob[];
  /** The queues of one-off work (TASK_QUEUES with the store's own jobs; none with a test's list unless given). */
  tasks?: readonly TaskQueue[];
  /** Seconds before a failed run is tried again; doubled each time (retryBackoff), at most five minutes. */
  retryDelaySeconds?: number;
  /** Retries before a run counts as failed. */
  retryLimit?: number;
  /** The store's clock (STORE_CLOCK_OFFSET may move it ahead), for the audit entries staff retries write. */
  now?: () => Date;
}

/** Every queue: three retries with growing pauses, ten minutes to run, failed runs kept a week for staff. */
const queueOptions = (retryDelay: number, retryLimit: number): Omit<Queue, "name"> => ({
  // At most one run waiting and one running: a slow run never piles minute runs up behind it.
  policy: "stately",
  retryLimit,
  retryDelay,
  retryBackoff: true,
  retryDelayMax: 300,
  expireInSeconds: 600,
  retentionSeconds: 24 * 60 * 60,
  deleteAfterSeconds: 7 * 24 * 60 * 60,
});

/**
 * The background work on pg-boss (decision 0026): on PostgreSQL through its own small pool, on PGlite through the
 * store's own connection (pg-boss's PGlite adapter). One code path for both; the queue's tables live in the
 * database's `pgboss` schema, so a backup holds them too.
 */
export function createJobRunner({ database, logger, schedule = true, pollingIntervalSeconds = 2, jobs = SCHEDULED_JOBS, tasks = jobs === SCHEDULED_JOBS ? TASK_QUEUES : [], retryDelaySeconds = 10, retryLimit = 3, now = () => new Date() }: JobRunnerOptions): JobRunner {
  const boss =
    database.driver === "pglite"
      ? new PgBoss({ db: pgliteExecutor(database.pglite!), backend: "pglite", schedule, supervise: true })
      : new PgBoss({ connectionString: database.url!, max: 3, application_name: "store-jobs", schedule, supervise: true });
  boss.on("error", (err) => logger.error({ err }, "job queue error"));
  boss.on("warning", (warning) => logger.warn({ warning: warning.message }, "job queue warning"));
  // The one-off queues show on the staff page beside the scheduled ones, so their failed runs can be seen and retried.
  const shown = [...jobs, ...tasks.map((task) => ({ name: task.name, description: task.description, cron: "-", every: "When due" }))];
  const names = shown.map((job) => job.name);
  const byName = new Map(jobs.map((job) => [job.name, job]));
  let started = false;

  const runner: JobRunner = {
    async start(services) {
      await boss.start();
      started = true;
      for (const job of jobs) {
        await boss.createQueue(job.name, queueOptions(retryDelaySeconds, retryLimit));
        if (schedule) await boss.schedule(job.name, job.cron, null, { tz: "UTC" });
        await boss.work(job.name, { pollingIntervalSeconds, batchSize: 1 }, async () => {
          try {
            const handled = await job.run(services, database);
            if (handled > 0) logger.info({ job: job.name, handled }, "background job done");
            return { handled };
          } catch (err) {
            logger.error({ err, job: job.name }, "background job failed");
            // pg-boss keeps what is thrown (stack and all) in its table for staff: only the message, any password masked.
            const kept = new Error(maskedUrl(err instanceof Error ? err.message : String(err)));
            delete kept.stack;
            throw kept;
          }
        });
      }
      for (const task of tasks) {
        await boss.createQueue(task.name, { ...queueOptions(retryDelaySeconds, retryLimit), policy: "exclusive" });
        // Four at a time per process: a worker waits its polling interval after each job, and a sweep may queue hundreds.
        await boss.work(task.name, { pollingIntervalSeconds, batchSize: 1, localConcurrency: 4 }, async ([job]) => {
          try {
            await task.run(services, job!.data);
          } catch (err) {
            logger.error({ err, job: task.name }, "background job failed");
            const kept = new Error(maskedUrl(err instanceof Error ? err.message : String(err)));
            delete kept.stack;
            throw kept;
          }
        });
      }
      // Catch up at once on start instead of at the next minute (the stately policy keeps it to one queued run).
      if (schedule) for (const job of jobs.filter((j) => j.runAtStart)) await boss.send(job.name, null);
    },
    async queue(name, data, singletonKey) {
      if (!started) return false;
      await boss.send(name, data, { singletonKey });
      return true;
    },
    async enqueue(name) {
      if (!byName.has(name)) throw new AppError("not_found", "No such job");
      return boss.send(name, null);
    },
    async stop(timeoutMs) {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, timeout: Math.max(1000, timeoutMs), close: true });
    },
    overview: () => readJobsOverview(boss.getDb(), shown),
    counts: () => countJobs(boss.getDb(), names),
    async retry({ id, actor }) {
      const failed = await findFailedJob(boss.getDb(), names, id);
      if (!failed) throw new AppError("not_found", "No failed job with that id");
      await boss.retry(failed.name, id);
      await recordAudit(database.db, { actor, entity: "job", entityId: id, action: "retry", after: { queue: failed.name } }, now());
    },
  };
  return runner;
}
