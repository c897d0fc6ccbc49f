import type { Services } from "../context";
import { maintainDatabase } from "../db/maintenance";
import type { DatabaseHandle } from "../db/client";

export interface ScheduledJob {
  /** The queue's name, also shown to staff. */
  name: string;
  /** What it does, for the staff page. */
  description: string;
  /** When it runs (cron, UTC). */
  cron: string;
  /** The same in words, for staff. */
  every: string;
  /** Also queued once when a scheduling process starts (a store started ahead in time catches up at once). */
  runAtStart?: boolean;
  /** Does the work; the number is how many things it handled (logged when not 0, kept as the job's output). */
  run(services: Services, database: DatabaseHandle): Promise<number>;
}

/**
 * The store's background work. Each function is safe to run in several processes at once (rows are claimed with
 * FOR UPDATE SKIP LOCKED or a lease: decisions 0011 and 0021), and most of it also happens at once where it is
 * caused (a confirmation after a payment, alerts after a restock); these runs are the safety net (decision 0026).
 */
export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  {
    name: "expire-reservations",
    description: "Unpaid orders past their 15 minutes give their stock back",
    cron: "* * * * *",
    every: "Every minute",
    run: (services) => services.checkout.expireStaleOrders(),
  },
  {
    name: "expire-order-edits",
    description: "Order edits not paid within 72 hours lapse: their held stock goes back on sale, the order stays as it was (issue 51)",
    cron: "* * * * *",
    every: "Every minute",
    run: (services) => services.orderEdits.expireEdits(),
  },
  {
    name: "send-confirmations",
    description: "Order confirmations owed after a crash or a mail failure",
    cron: "* * * * *",
    every: "Every minute",
    run: (services) => services.checkout.sendOwedConfirmations(),
  },
  {
    name: "issue-refunds",
    description: "Refunds owed (late payments, canceled paid orders) sent to the payment provider",
    cron: "* * * * *",
    every: "Every minute",
    run: (services) => services.checkout.issueOwedRefunds(),
  },
  {
    name: "send-stock-alerts",
    description: "Back-in-stock emails for whatever came back, and unconfirmed sign-ups removed",
    cron: "* * * * *",
    every: "Every minute",
    run: (services) => services.alerts.sweep(),
  },
  {
    name: "publish-content",
    description: "Scheduled posts and pages whose time has come: recorded as published, pages refreshed (shoppers see them on time without it)",
    cron: "* * * * *",
    every: "Every minute",
    run: (services) => services.contentEntries.publishDue(),
  },
  {
    name: "find-abandoned-checkouts",
    description: "Checkouts left unpaid found, and their recovery emails queued when due (issue 31)",
    cron: "* * * * *",
    every: "Every minute",
    runAtStart: true,
    run: (services) => services.recovery.sweep(),
  },
  {
    name: "invite-early-access",
    description: "Drops in their early-access window: each consenting subscriber's single-use early-access link emailed once (issue 48)",
    cron: "* * * * *",
    every: "Every minute",
    runAtStart: true,
    run: (services) => services.drops.earlyAccess.sweep(),
  },
  {
    name: "roll-up-funnel",
    description: "The funnel's new stage rows added to its daily counts, and rows a week old deleted (issue 52)",
    cron: "* * * * *",
    every: "Every minute",
    run: (services) => services.funnel.rollUp(),
  },
  {
    name: "send-gift-cards",
    description: "Gift cards bought whose send date has come: each one's email queued once (issue 51)",
    cron: "* * * * *",
    every: "Every minute",
    runAtStart: true,
    run: (services) => services.giftCards.sendDue(),
  },
  {
    name: "tidy-accounts",
    description: "Expired sessions and old sign-in attempts deleted",
    cron: "*/5 * * * *",
    every: "Every 5 minutes",
    run: async (services) => {
      await services.accounts.tidy();
      return 0;
    },
  },
  {
    name: "prune-search-misses",
    description: "Zero-result search counts older than 13 months deleted",
    cron: "41 * * * *",
    every: "Hourly, at :41",
    run: (services) => services.search.pruneMisses(),
  },
  {
    name: "maintain-database",
    description: "The database's statistics and free space where no autovacuum keeps them (PGlite, or PostgreSQL with autovacuum off)",
    cron: "*/5 * * * *",
    every: "Every 5 minutes",
    run: async (_services, database) => {
      await maintainDatabase(database);
      return 0;
    },
  },
];

export const JOB_NAMES = SCHEDULED_JOBS.map((job) => job.name);

/** A queue of one-off work with its own data (a recovery email for one checkout's step), queued by the store's code. */
export interface TaskQueue {
  name: string;
  /** What it does, for the staff page. */
  description: string;
  run(services: Services, data: unknown): Promise<void>;
}

/**
 * One-off work. Each queue is `exclusive` with a singleton key per piece of work (at most one queued or running per
 * key, in every process); the work still claims its rows, so a run repeated after a crash does no harm.
 */
export const TASK_QUEUES: readonly TaskQueue[] = [
  {
    name: "send-recovery-email",
    description: "One checkout recovery email: checked again, then sent or skipped with its reason (issue 31)",
    run: (services, data) => services.recovery.sendStep(data),
  },
  {
    name: "send-gift-card",
    description: "One bought gift card's email: its code made and sent, once (issue 51)",
    run: (services, data) => services.giftCards.sendOne(data),
  },
  {
    name: "send-early-access",
    description: "One drop's early-access invitations: its subscribers invited once each, and every unsent link emailed (issue 48)",
    run: async (services, data) => {
      await services.drops.earlyAccess.invite(data);
    },
  },
];
