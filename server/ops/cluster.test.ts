import { spawn } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "../paths";
import { type AppProcess, createDataDir, startAppProcess } from "../test/app-processes";
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from "../test/test-database";
import { freePort } from "../test/free-port";

/** The pids that logged this message (pino puts the pid on every line of a worker). */
const pidsLogging = (output: string, msg: RegExp) => new Set(output.split("\n").flatMap((line) => (msg.test(line) ? [/"pid":(\d+)/.exec(line)?.[1] ?? ""] : [])).filter(Boolean));
const requestPids = (output: string) => pidsLogging(output, /"msg":"request"/);

describe("WEB_CONCURRENCY", () => {
  it("refuses more than one process on PGlite, naming what to do", async () => {
    const data = await createDataDir();
    try {
      const child = spawn(process.execPath, ["--import", "tsx", join(projectRoot, "server/main.ts")], {
        cwd: projectRoot,
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", WEB_CONCURRENCY: "2", DATA_DIR: data.dir, PORT: "0", HOST: "127.0.0.1", NODE_ENV: "production", LOG_LEVEL: "info" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk));
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      expect(code).toBe(1);
      expect(output).toContain("WEB_CONCURRENCY=2 needs PostgreSQL: set DATABASE_URL");
    } finally {
      await data.remove();
    }
  }, 60_000);

  describe.runIf(testDatabaseUrl)("on PostgreSQL", () => {
    let database: TestDatabase;
    let data: Awaited<ReturnType<typeof createDataDir>>;
    let app: AppProcess;
    let metricsPort: number;

    beforeAll(async () => {
      database = await createTestDatabase({ seed: false });
      data = await createDataDir();
      metricsPort = await freePort();
      app = await startAppProcess({ WEB_CONCURRENCY: "2", DATABASE_URL: database.url!, DATA_DIR: data.dir, LOG_LEVEL: "info", RUN_JOBS: "true", METRICS_PORT: String(metricsPort) });
    }, 120_000);
    afterAll(async () => {
      await app?.stop();
      await database?.close();
      await data?.remove();
    });

    it("serves from two worker processes on one port, sums their metrics, replaces a worker that dies, and stops cleanly", async () => {
      // Two workers print the port; wait until both answer (round-robin hands connections to each in turn).
      const ask = async (n: number) => {
        for (let i = 0; i < n; i++) expect((await fetch(`${app.url}/api/products/2`, { signal: AbortSignal.timeout(10_000) })).status).toBe(200);
      };
      // The port answers once the first worker listens; round-robin only reaches the second once it listens too.
      const bothListening = Date.now() + 60_000;
      while (pidsLogging(app.output(), /"msg":"store listening/).size < 2) {
        if (Date.now() > bothListening) throw new Error(`the second worker never listened:\n${app.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      let pids = new Set<string>();
      for (let round = 0; round < 20 && pids.size < 2; round++) {
        await ask(10);
        pids = requestPids(app.output());
      }
      expect(pids.size, app.output()).toBe(2);

      // The primary's METRICS_PORT sums both workers' counts.
      const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      // Each worker answered some of them (from its response cache after the first), and the primary adds them up.
      const served = [...metrics.matchAll(/^http_request_duration_seconds_count\{method="GET",route="(?:\/api\/products\/:id|cached)",status="200"\} (\d+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
      expect(served).toBeGreaterThanOrEqual(10);

      // A worker killed outright is replaced, and the store answers as before.
      const [victim] = [...pids];
      process.kill(Number(victim), "SIGKILL");
      const deadline = Date.now() + 30_000;
      while (!/worker died; starting another/.test(app.output()) || !/"msg":"store listening[^\n]*\n[\s\S]*$/.test(app.output().split("worker died")[1] ?? "")) {
        if (Date.now() > deadline) throw new Error(`no replacement worker:\n${app.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      await ask(5);

      const exited = new Promise<number | null>((resolve) => app.child.once("exit", resolve));
      app.child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(app.output()).toContain("cluster stopped");
    }, 120_000);
  });
});
