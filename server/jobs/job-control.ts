import { AppError } from "../errors";
import type { JobCounts, JobsOverview } from "./job-overview";

/** What the rest of the store sees of the job queue: the staff page, its retry button and the metrics. */
export interface JobControl {
  overview(): Promise<JobsOverview>;
  /** Puts a failed job back in the queue (audit-logged); 404 when there is no failed job with that id. */
  retry(args: { id: string; actor: string }): Promise<void>;
  counts(): Promise<JobCounts>;
  /**
   * Queues one-off work (server/jobs/job-list.ts TASK_QUEUES) unless work with the same singleton key is queued or
   * running; false where no jobs run in this process (the caller then does the work itself).
   */
  queue(name: string, data: object, singletonKey: string): Promise<boolean>;
}

const notRunning = () => Promise.reject(new AppError("unavailable", "Background jobs are not running in this process"));

/** For a process that runs no jobs (API tests, tools). */
export const jobsNotRunning: JobControl = { overview: notRunning, retry: notRunning, counts: notRunning, queue: async () => false };
