import type { Db } from "pg-boss";
import type { ScheduledJob } from "./job-list";

export interface QueueSummary {
  name: string;
  description: string;
  cron: string;
  every: string;
  /** Created or waiting for a retry. */
  waiting: number;
  active: number;
  /** Failed after their last retry, and kept for staff (a week). */
  failed: number;
  /** Finished runs still kept (a week). */
  completed: number;
  lastCompletedAt: string | null;
}

export interface FailedJob {
  id: string;
  queue: string;
  /** The error's message only (no stack). */
  error: string;
  attempts: number;
  failedAt: string;
}

export interface JobsOverview {
  queues: QueueSummary[];
  failed: FailedJob[];
}

export interface JobCounts {
  waiting: number;
  active: number;
  failed: number;
}

const FAILED_SHOWN = 50;
const ERROR_LENGTH = 300;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface StateCount {
  name: string;
  state: string;
  count: number;
  last_completed: Date | string | null;
}

// pg-boss's own table (schema `pgboss`, decision 0026): read here for exact counts and the failed runs' errors.
async function stateCounts(db: Db, names: string[]): Promise<StateCount[]> {
  const { rows } = await db.executeSql(
    `select name, state::text as state, count(*)::int as count, max(completed_on) filter (where state = 'completed') as last_completed
       from pgboss.job where name = any($1::text[]) group by name, state`,
    [names],
  );
  return rows as StateCount[];
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export async function countJobs(db: Db, names: string[]): Promise<JobCounts> {
  const counts = { waiting: 0, active: 0, failed: 0 };
  for (const { state, count } of await stateCounts(db, names)) {
    if (state === "created" || state === "retry") counts.waiting += count;
    else if (state === "active" || state === "failed") counts[state] += count;
  }
  return counts;
}

export async function readJobsOverview(db: Db, jobs: readonly Pick<ScheduledJob, "name" | "description" | "cron" | "every">[]): Promise<JobsOverview> {
  const names = jobs.map((job) => job.name);
  const counts = await stateCounts(db, names);
  const queues = jobs.map(({ name, description, cron, every }) => {
    const of = (...states: string[]) => counts.filter((c) => c.name === name && states.includes(c.state)).reduce((sum, c) => sum + c.count, 0);
    const completed = counts.find((c) => c.name === name && c.state === "completed");
    return { name, description, cron, every, waiting: of("created", "retry"), active: of("active"), failed: of("failed"), completed: of("completed"), lastCompletedAt: iso(completed?.last_completed ?? null) };
  });
  const { rows } = await db.executeSql(
    `select id::text as id, name, output, retry_count, completed_on from pgboss.job
      where name = any($1::text[]) and state = 'failed' order by completed_on desc limit ${FAILED_SHOWN}`,
    [names],
  );
  const failed = (rows as { id: string; name: string; output: unknown; retry_count: number; completed_on: Date | string }[]).map((row) => ({
    id: row.id,
    queue: row.name,
    error: errorMessage(row.output),
    attempts: row.retry_count + 1,
    failedAt: iso(row.completed_on)!,
  }));
  return { queues, failed };
}

/** The failed job with this id in one of the store's queues, or null. */
export async function findFailedJob(db: Db, names: string[], id: string): Promise<{ name: string } | null> {
  if (!UUID.test(id)) return null;
  const { rows } = await db.executeSql(`select name from pgboss.job where id = $1::uuid and name = any($2::text[]) and state = 'failed'`, [id, names]);
  return (rows[0] as { name: string } | undefined) ?? null;
}

function errorMessage(output: unknown): string {
  const message = output && typeof output === "object" && "message" in output ? String(output.message) : "Failed without a message";
  return message.length > ERROR_LENGTH ? `${message.slice(0, ERROR_LENGTH - 1)}…` : message;
}
