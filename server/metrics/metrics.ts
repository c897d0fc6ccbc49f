import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { JobCounts } from "../jobs/job-overview";
import { RECOVERY_SKIP_REASONS, type RecoverySkipReason } from "../../shared/recovery";

/** Checkout failures are counted by one of these (bounded, so Prometheus gets a fixed set of series). */
const CHECKOUT_FAILURES = ["bad_request", "conflict", "payment_failed", "payment_declined", "rate_limited", "unavailable", "internal", "other"] as const;
export type CheckoutFailure = (typeof CHECKOUT_FAILURES)[number];
const EMAIL_RESULTS = ["sent", "failed"] as const;
const CACHE_RESULTS = ["hit", "stale", "miss"] as const;
export type CacheResult = (typeof CACHE_RESULTS)[number];

/**
 * Every known label value of a labelled counter starts at 0, so its series exist from the first scrape: a dashboard's
 * rate() or a "no failures yet" alert sees 0, not a missing series (Prometheus's advice on missing metrics).
 */
function startAtZero<L extends string>(counter: Counter<L>, label: L, values: readonly string[]) {
  for (const value of values) counter.inc({ [label]: value } as Partial<Record<L, string>>, 0);
}

/**
 * The store's Prometheus metrics (decision 0025), one registry per app so that several apps in one process (tests)
 * never share counters: Node and process defaults, request durations by route pattern, and the business counters.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const requestDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer HTTP requests, by method, route pattern (never the raw URL) and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const ordersPaid = new Counter({ name: "store_orders_paid_total", help: "Orders that became paid", registers });
  const checkoutFailures = new Counter({ name: "store_checkout_failures_total", help: "Checkouts refused or payments declined, by reason", labelNames: ["reason"] as const, registers });
  const emails = new Counter({ name: "store_emails_total", help: "Emails handed to the mail server or outbox, by result", labelNames: ["result"] as const, registers });
  const responseCache = new Counter({ name: "store_response_cache_total", help: "Cacheable requests, by whether the response cache answered (hit, stale) or the page was rendered (miss)", labelNames: ["result"] as const, registers });
  const recoverySent = new Counter({ name: "store_recovery_emails_sent_total", help: "Checkout recovery emails sent", registers });
  const recoverySkipped = new Counter({ name: "store_recovery_emails_skipped_total", help: "Checkout recovery emails not sent, by reason (checked right before each)", labelNames: ["reason"] as const, registers });
  const recovered = new Counter({ name: "store_recovery_orders_recovered_total", help: "Orders paid from a cart a recovery link restored (within 7 days)", registers });
  let jobCounts: (() => Promise<JobCounts>) | null = null;
  new Gauge({
    name: "store_jobs",
    help: "Background jobs by state: waiting (queued or waiting for a retry), active, failed (after every retry, kept a week)",
    labelNames: ["state"] as const,
    registers,
    async collect() {
      if (!jobCounts) return;
      const counts = await jobCounts().catch(() => null);
      if (!counts) return;
      for (const [state, value] of Object.entries(counts)) this.set({ state }, value);
    },
  });
  // Where the process's memory is (decision 0035): prom-client's defaults give RSS, the V8 heap and "external", which
  // holds both Buffers and PGlite's WebAssembly memory; these two tell them apart.
  let wasmMemory: (() => number) | null = null;
  new Gauge({
    name: "store_memory_bytes",
    help: "Memory outside the V8 heap, by kind: array_buffers (Buffers and ArrayBuffers), pglite_wasm (the embedded database's WebAssembly memory, which never shrinks)",
    labelNames: ["kind"] as const,
    registers,
    collect() {
      this.set({ kind: "array_buffers" }, process.memoryUsage().arrayBuffers);
      if (wasmMemory) this.set({ kind: "pglite_wasm" }, wasmMemory());
    },
  });
  startAtZero(checkoutFailures, "reason", CHECKOUT_FAILURES);
  startAtZero(emails, "result", EMAIL_RESULTS);
  startAtZero(responseCache, "result", CACHE_RESULTS);
  startAtZero(recoverySkipped, "reason", RECOVERY_SKIP_REASONS);

  return {
    registry,
    /** The text Prometheus scrapes. */
    render: () => registry.metrics(),
    contentType: registry.contentType,
    observeRequest(labels: { method: string; route: string; status: number }, seconds: number) {
      requestDuration.observe({ method: labels.method, route: labels.route, status: String(labels.status) }, seconds);
    },
    orderPaid: () => ordersPaid.inc(),
    checkoutFailed: (reason: string) => checkoutFailures.inc({ reason: (CHECKOUT_FAILURES as readonly string[]).includes(reason) ? reason : "other" }),
    emailSent: () => emails.inc({ result: "sent" }),
    emailFailed: () => emails.inc({ result: "failed" }),
    cacheResult: (result: CacheResult) => responseCache.inc({ result }),
    /** A checkout recovery email sent, or skipped and why (issue 31). */
    recoveryOutcome: (outcome: "sent" | RecoverySkipReason) => (outcome === "sent" ? recoverySent.inc() : recoverySkipped.inc({ reason: outcome })),
    recoveryRecovered: () => recovered.inc(),
    /** The embedded database's WebAssembly memory, for store_memory_bytes{kind="pglite_wasm"}. */
    measureWasmMemory(size: () => number) {
      wasmMemory = size;
    },
    /** Where the job gauges read from (the job queue, once it runs in this process). */
    countJobsWith(provider: () => Promise<JobCounts>) {
      jobCounts = provider;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
