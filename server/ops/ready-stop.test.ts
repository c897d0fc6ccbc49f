import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppProcess, createDataDir, startAppProcess } from "../test/app-processes";
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from "../test/test-database";

/**
 * Issue 32 (item 5): behind a balancer, SIGTERM first makes /api/health/ready answer 503 while the store keeps
 * accepting and answering for SHUTDOWN_DELAY_MS; only then does the listener close. The test acts as the balancer:
 * requests keep arriving until it has seen the 503 (and half a second more, as a balancer's health check would take);
 * every one of them is answered, none is reset, and once the store has exited connections are refused.
 */
interface Outcome {
  path: string;
  sentAt: number;
  status?: number;
  error?: string;
}

function get(url: string, path: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const sentAt = performance.now();
    const req = httpRequest(`${url}${path}`, { agent: false, headers: { connection: "close" } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ path, sentAt, status: res.statusCode }));
      res.on("error", (err) => resolve({ path, sentAt, status: res.statusCode, error: err.message }));
    });
    req.on("error", (err: NodeJS.ErrnoException) => resolve({ path, sentAt, error: err.code ?? err.message }));
    req.end();
  });
}

describe("a stop behind a balancer (SHUTDOWN_DELAY_MS)", () => {
  let data: Awaited<ReturnType<typeof createDataDir>>;
  let database: TestDatabase | null = null;
  let app: AppProcess;

  beforeAll(async () => {
    data = await createDataDir();
    if (testDatabaseUrl) database = await createTestDatabase({ seed: false });
    app = await startAppProcess({ DATA_DIR: data.dir, SHUTDOWN_DELAY_MS: "2000", ...(database?.url ? { DATABASE_URL: database.url } : {}) });
  }, 120_000);
  afterAll(async () => {
    await app?.kill();
    await database?.close();
    await data?.remove();
  });

  it("says it is not ready at once, keeps answering for the delay, then refuses connections without resetting any", async () => {
    expect(await get(app.url, "/api/health/ready")).toMatchObject({ status: 200 });
    const outcomes: Outcome[] = [];
    let sending = true;
    const loops = ["/api/products/2", "/api/health", "/api/products?limit=20"].map(async (path) => {
      while (sending) {
        outcomes.push(await get(app.url, path));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    while (outcomes.length < 15) await new Promise((resolve) => setTimeout(resolve, 20));

    const exited = new Promise<number | null>((resolve) => app.child.once("exit", (code) => resolve(code)));
    const sigtermAt = performance.now();
    app.child.kill("SIGTERM");
    // Not ready as soon as the process has taken the signal (the next ready check after it).
    let notReady: Outcome;
    do notReady = await get(app.url, "/api/health/ready");
    while (notReady.status === 200);
    expect(notReady).toMatchObject({ status: 503 });
    // The balancer takes its time to notice; the store still answers meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 500));
    sending = false;
    await Promise.all(loops);
    const code = await exited;

    expect(code, app.output()).toBe(0);
    const afterSigterm = outcomes.filter((o) => o.sentAt > sigtermAt);
    expect(afterSigterm.length).toBeGreaterThan(0);
    // Every request, before and after SIGTERM, was answered: none reset, refused or failed.
    expect(outcomes.filter((o) => o.error || o.status !== 200)).toEqual([]);
    expect((await get(app.url, "/api/health")).error).toBe("ECONNREFUSED");
  }, 120_000);
});
