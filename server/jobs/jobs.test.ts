import { like, sql } from "drizzle-orm";
import { rowsOf } from "../db/rows";
import { searchMisses } from "../db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "../test/api-client";
import { registerShopper } from "../test/accounts-helpers";
import { signedInAdmin } from "../test/admin-helpers";
import { card, checkoutWith, closeOpenOrders, orderFor, setVariantStock } from "../test/checkout-helpers";
import { startTestServer, type TestServer } from "../test/test-server";
import { SCHEDULED_JOBS, type ScheduledJob, TASK_QUEUES } from "./job-list";

/** Polls until `check` holds (the queue works on its own time); fails after `ms`. */
async function until(check: () => Promise<boolean> | boolean, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out waiting for the job queue");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("the store's scheduled work, run as jobs", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ jobs: {} });
  });
  afterAll(() => server?.close());

  it("a reservation past its 15 minutes is released by the expire-reservations job", async () => {
    await closeOpenOrders(server.database.db);
    await setVariantStock(server.database.db, 2, "Black", "M", 5);
    const started = await checkoutWith(createApiClient(server.url), { productId: 2, quantity: 1, size: "M", color: "Black" });
    server.clock.now = new Date(Date.now() + 16 * 60_000);
    await server.jobs!.enqueue("expire-reservations");
    await until(async () => (await orderFor(server.database.db, started.body.paymentIntentId)).status === "expired");
    server.clock.now = new Date();
  });

  it("an owed confirmation is sent once by the send-confirmations job, however many runs are queued", async () => {
    await closeOpenOrders(server.database.db);
    await setVariantStock(server.database.db, 2, "Black", "M", 5);
    const shopper = createApiClient(server.url);
    const started = await checkoutWith(shopper, { productId: 2, quantity: 1, size: "M", color: "Black" });
    const send = server.mailer.send;
    server.mailer.send = () => Promise.reject(new Error("SMTP unavailable"));
    const paid = await shopper.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") }).finally(() => (server.mailer.send = send));
    expect(paid.status).toBe(200);
    server.mailer.sent.length = 0;
    server.clock.now = new Date(Date.now() + 16 * 60_000);
    await server.jobs!.enqueue("send-confirmations");
    await until(() => server.mailer.sent.length > 0);
    await server.jobs!.enqueue("send-confirmations");
    await until(async () => (await server.jobs!.counts()).waiting === 0 && (await server.jobs!.counts()).active === 0);
    expect(server.mailer.sent.map((m) => m.subject)).toEqual([expect.stringMatching(/^Your VSOP Apparel order VS-\d+ is confirmed$/)]);
    expect((await orderFor(server.database.db, started.body.paymentIntentId)).confirmationSentAt).not.toBeNull();
    server.clock.now = new Date();
  });

  it("zero-result search counts older than 13 months are deleted by the prune-search-misses job", async () => {
    const { db } = server.database;
    const daysAgo = (days: number) => new Date(server.clock.now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
    await db.insert(searchMisses).values([
      { query: "last winter parka", day: daysAgo(370), count: 2 }, // past the 90 days kept before issue 50
      { query: "winter before parka", day: daysAgo(400), count: 3 },
    ]);
    const parkas = () => db.select({ query: searchMisses.query }).from(searchMisses).where(like(searchMisses.query, "%parka"));
    await server.jobs!.enqueue("prune-search-misses");
    await until(async () => (await parkas()).length === 1);
    expect(await parkas()).toEqual([{ query: "last winter parka" }]);
  });

  it("staff see every queue with its schedule; shoppers and visitors cannot", async () => {
    const admin = await signedInAdmin(server);
    const overview = await admin.get("/api/admin/jobs");
    expect(overview.status).toBe(200);
    expect(overview.body.queues.map((q: { name: string }) => q.name)).toEqual([...SCHEDULED_JOBS, ...TASK_QUEUES].map((j) => j.name));
    expect(overview.body.queues.find((q: { name: string }) => q.name === "expire-reservations")).toMatchObject({ cron: "* * * * *", every: "Every minute", failed: 0, lastCompletedAt: expect.any(String) });

    const shopper = createApiClient(server.url);
    expect((await shopper.get("/api/admin/jobs")).status).toBe(401);
    await registerShopper(shopper);
    expect((await shopper.get("/api/admin/jobs")).status).toBe(403);
    expect((await shopper.post("/api/admin/jobs/00000000-0000-4000-8000-000000000000/retry", {})).status).toBe(403);
  });
});

describe("a job that keeps failing", () => {
  let server: TestServer;
  let runs = 0;
  let broken = true;
  const flaky: ScheduledJob = {
    name: "flaky-job",
    description: "Fails while the mail server is down",
    cron: "* * * * *",
    every: "Every minute",
    run: async () => {
      runs++;
      if (broken) throw new Error("Mail server unavailable at smtp://mailer:s3cret-pass@mail.example:587");
      return 1;
    },
  };
  beforeAll(async () => {
    server = await startTestServer({ jobs: { jobs: [flaky], retryLimit: 2, retryDelaySeconds: 1 } });
  });
  afterAll(() => server?.close());

  it("is retried with growing pauses, then shown to staff as failed, and runs again when staff retry it", async () => {
    const admin = await signedInAdmin(server);
    const startedAt = Date.now();
    await server.jobs!.enqueue("flaky-job");
    await until(async () => (await server.jobs!.counts()).failed === 1, 30_000);
    expect(runs).toBe(3);
    // Backoff: pauses of at least 1 s and then 2 s between the three attempts.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(3000);

    const overview = (await admin.get("/api/admin/jobs")).body;
    expect(overview.queues).toEqual([expect.objectContaining({ name: "flaky-job", failed: 1, waiting: 0 })]);
    expect(overview.failed).toEqual([{ id: expect.any(String), queue: "flaky-job", error: "Mail server unavailable at smtp://mailer:***@mail.example:587", attempts: 3, failedAt: expect.any(String) }]);
    // What pg-boss keeps in its table: the masked message, no stack, no password.
    const [row] = rowsOf<{ output: string }>(await server.database.db.execute(sql`select output::text as output from pgboss.job where name = 'flaky-job' and state = 'failed'`));
    const stored = row!.output;
    expect(stored).not.toContain("s3cret-pass");
    expect(stored).not.toContain("job-runner");

    broken = false;
    const retried = await admin.post(`/api/admin/jobs/${overview.failed[0].id}/retry`, {});
    expect(retried).toMatchObject({ status: 200, body: { retried: true } });
    await until(async () => (await server.jobs!.counts()).failed === 0 && runs === 4);
    expect((await admin.get("/api/admin/jobs")).body.failed).toEqual([]);
    expect((await admin.get("/api/admin/audit?entity=job")).body.entries).toEqual(
      expect.arrayContaining([expect.objectContaining({ entity: "job", entityId: overview.failed[0].id, action: "retry" })]),
    );

    // Retrying what is not (or no longer) a failed job, or what is not a job id at all.
    expect((await admin.post(`/api/admin/jobs/${overview.failed[0].id}/retry`, {})).status).toBe(404);
    expect((await admin.post("/api/admin/jobs/00000000-0000-4000-8000-000000000000/retry", {})).status).toBe(404);
    const bad = await admin.post("/api/admin/jobs/not-a-job/retry", {});
    expect(bad).toMatchObject({ status: 400, body: { code: "bad_request", message: expect.stringContaining("Invalid job id") } });
    expect((await admin.post(`/api/admin/jobs/${overview.failed[0].id}/retry`, { now: true })).status).toBe(400);
  });
});

describe("two job runners on one database", () => {
  let server: TestServer;
  const ran: string[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const slow: ScheduledJob = {
    name: "slow-job",
    description: "Takes a while",
    cron: "* * * * *",
    every: "Every minute",
    run: async () => {
      ran.push("run");
      await gate;
      return 1;
    },
  };

  beforeAll(async () => {
    server = await startTestServer({ jobs: { jobs: [slow] } });
  });
  afterAll(() => server?.close());

  it("run each queued job once, and a stopping runner finishes the job it is running", async () => {
    const { createJobRunner } = await import("./job-runner");
    const { createLogger } = await import("../logger");
    const second = createJobRunner({ database: server.database, logger: createLogger("silent"), schedule: false, pollingIntervalSeconds: 0.5, jobs: [slow] });
    await second.start(server.services);
    try {
      await server.jobs!.enqueue("slow-job");
      await until(() => ran.length === 1);
      // Stately queue: one run at a time, and at most one more waiting behind it.
      await server.jobs!.enqueue("slow-job");
      expect(await second.enqueue("slow-job")).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(ran).toHaveLength(1);

      const stopping = server.jobs!.stop(10_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await stopping;
      await until(async () => (await second.counts()).waiting === 0 && (await second.counts()).active === 0);
      expect(ran).toHaveLength(2);
      expect((await second.overview()).queues[0]).toMatchObject({ completed: 2, failed: 0 });
    } finally {
      await second.stop(1000);
    }
  });
});

describe("a runner stopping while its job is still running", () => {
  let server: TestServer;
  const ran: number[] = [];
  let release!: () => void;
  const stuck = new Promise<void>((resolve) => (release = resolve));
  const hanging: ScheduledJob = {
    name: "hanging-job",
    description: "Its first run does not finish",
    cron: "* * * * *",
    every: "Every minute",
    run: async () => {
      ran.push(ran.length + 1);
      if (ran.length === 1) await stuck;
      return 1;
    },
  };

  beforeAll(async () => {
    server = await startTestServer({ jobs: { jobs: [hanging], retryDelaySeconds: 1 } });
  });
  afterAll(async () => {
    release();
    await server?.close();
  });

  it("hands the job back when its time is up, and another runner runs it", async () => {
    const { createJobRunner } = await import("./job-runner");
    const { createLogger } = await import("../logger");
    await server.jobs!.enqueue("hanging-job");
    await until(() => ran.length === 1);
    const other = createJobRunner({ database: server.database, logger: createLogger("silent"), schedule: false, pollingIntervalSeconds: 0.5, jobs: [hanging], retryDelaySeconds: 1 });
    await other.start(server.services);
    try {
      await server.jobs!.stop(1000);
      await until(async () => ran.length === 2 && (await other.counts()).waiting === 0 && (await other.counts()).active === 0);
      expect((await other.overview()).queues[0]).toMatchObject({ completed: 1, failed: 0 });
    } finally {
      await other.stop(1000);
    }
  });
});
