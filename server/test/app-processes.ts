import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { projectRoot } from "../paths";
import { afterAll, beforeAll } from "vitest";
import { createTestDatabase, type TestDatabase } from "./test-database";

export interface AppProcess {
  url: string;
  child: ChildProcess;
  /** SIGKILL: no shutdown code runs, as when the machine dies or the OOM killer strikes. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL if it has not exited within 10 s. */
  stop(): Promise<void>;
  /** The last few KB it printed (for a failing test's message). */
  output(): string;
}

const entry = join(projectRoot, "server/test/app-process.ts");

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once("exit", () => resolve()));

/**
 * Starts server/test/app-process.ts from source on an ephemeral port with only the environment given here (never the
 * developer's STRIPE_* or SMTP_URL) and waits until it listens.
 */
export async function startAppProcess(env: Record<string, string>): Promise<AppProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", TMPDIR: tmpdir(), NODE_ENV: "production", HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "warn", RUN_JOBS: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr!.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`app process did not listen within 90 s:\n${output}`)), 90_000);
    child.once("exit", (code, signal) => reject(new Error(`app process exited (${code ?? signal}) before listening:\n${output}`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      output = (output + line + "\n").slice(-20_000);
      const listening = /^\{"listening":(\d+)\}$/.exec(line)?.[1];
      if (listening) {
        clearTimeout(timer);
        resolve(Number(listening));
      }
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    async kill() {
      child.kill("SIGKILL");
      await exited(child);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited(child);
      clearTimeout(force);
    },
  };
}

/** A fresh DATA_DIR the processes of one test file share (its outbox holds the emails they send). */
export async function createDataDir() {
  const dir = await mkdtemp(join(tmpdir(), "store-processes-"));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The emails written to DATA_DIR/outbox, as raw text, one entry per email. */
export async function outboxMails(dataDir: string): Promise<string[]> {
  const outbox = join(dataDir, "outbox");
  const files = await readdir(outbox).catch(() => [] as string[]);
  return Promise.all(files.filter((f) => f.endsWith(".eml")).map((f) => readFile(join(outbox, f), "utf8")));
}

/** The order numbers of every order confirmation written to DATA_DIR/outbox, one entry per email. */
export async function confirmationsSent(dataDir: string): Promise<string[]> {
  return (await outboxMails(dataDir)).flatMap((mail) => /^Subject: Your .+ order (\S+) is confirmed$/m.exec(mail)?.[1] ?? []).sort();
}

/**
 * Two app processes on one fresh PostgreSQL database and one DATA_DIR, started before the file's tests and stopped
 * after them (call inside the describe block), with `env` added to theirs (RESPONSE_CACHE_MS, say). The getters read
 * what beforeAll made.
 */
export function twoProcesses(env: Record<string, string> = {}) {
  let database: TestDatabase;
  let dataDir: Awaited<ReturnType<typeof createDataDir>>;
  let a: AppProcess;
  let b: AppProcess;
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await createDataDir();
    const both = { ...env, DATABASE_URL: database.url!, DATA_DIR: dataDir.dir };
    [a, b] = await Promise.all([startAppProcess(both), startAppProcess(both)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    await dataDir?.remove();
  });
  return {
    get database() {
      return database;
    },
    get dataDir() {
      return dataDir.dir;
    },
    get a() {
      return a;
    },
    get b() {
      return b;
    },
  };
}
