import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "../server/paths";
import { runningStore } from "../server/ops/control-socket";
import { createApiClient } from "../server/test/api-client";

/**
 * The command-line tools as a user runs them (decision 0036): beside a real store process on a PGlite directory, on a
 * store that was never started, and with bad usage or a refused input. Exit 0, 1 or 2, one line, never a stack trace.
 */

const temp = (name: string) => mkdtempSync(join(tmpdir(), `store-tools-${name}-`));
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"; // test data only
const PASSWORD = "correct horse battery staple 7";

/** The environment of a tool or store on `dataDir` with PGlite (no DATABASE_URL from the caller). */
function envFor(dataDir: string, extra: Record<string, string> = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...extra };
  delete env.DATABASE_URL;
  delete env.npm_lifecycle_event; // a tool names itself by the npm script that runs it
  return env;
}

/** Runs a tool with the repo's Node and tsx, as `npm run` does; resolves when it exits. */
function runTool(script: string, args: string[], env: NodeJS.ProcessEnv) {
  return startTool(script, args, env).done;
}

function startTool(script: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], { cwd: projectRoot, env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, done: new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr }))) };
}

/** The built server, as `npm start` runs it, on its own data directory and an ephemeral port. */
function startStore(dataDir: string) {
  const child = spawn(process.execPath, ["build/server/main.js"], { cwd: projectRoot, env: envFor(dataDir, { NODE_ENV: "production", HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info" }), stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const listening = new Promise<number>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"port":(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`store exited with ${code}: ${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { child, listening, exited };
}

const ADMIN = "scripts/create-admin.ts";
const IMPORT = "scripts/catalog-import.ts";
const SEED = "server/seed/cli.ts";
const SEED_LARGE = "scripts/seed-large.ts";
const MIGRATE = "scripts/db-migrate.ts";

/** One line on stderr (a usage line may follow its reason), and no stack trace anywhere. */
function expectPlainRefusal(result: { stdout: string; stderr: string }) {
  expect(result.stderr.trim().split("\n").length).toBeLessThanOrEqual(2);
  expect(result.stderr + result.stdout).not.toMatch(/\n\s+at |Error:/);
}

describe("beside a running PGlite store", () => {
  const dataDir = temp("running");
  const csv = join(dataDir, "..", `${dataDir.split("/").pop()}.csv`);
  let store: ReturnType<typeof startStore>;
  let port: number;

  beforeAll(async () => {
    writeFileSync(csv, "Handle,Title,Option1 Name,Option1 Value,Variant Price,Variant Inventory Qty\nharbor-tee,Harbor Tee,Size,M,25,3\n");
    store = startStore(dataDir);
    port = await store.listening;
  }, 120_000);
  afterAll(async () => {
    store?.child.kill("SIGTERM");
    await store?.exited;
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(csv, { force: true });
  });

  it("admin:create hands the Owner to the store, which signs them in at once", { timeout: 60_000 }, async () => {
    const created = await runTool(ADMIN, ["--username", "tilly", "--email", "tilly@example.com", "--totp-secret", SECRET], envFor(dataDir, { ADMIN_PASSWORD: PASSWORD }));
    expect(created).toMatchObject({ code: 0, stderr: "" });
    expect(created.stdout).toContain("Created Owner tilly.");

    const client = createApiClient(`http://127.0.0.1:${port}`);
    expect((await client.post("/api/auth/login", { username: "tilly", password: PASSWORD })).status).toBe(200);
    expect((await client.post("/api/admin/security/verify", { code: await generate({ secret: SECRET }) })).status).toBe(200);
    expect((await client.get("/api/admin/orders")).status).toBe(200);

    // Again, for the same account: a new password, and the store takes it at once.
    const again = await runTool(ADMIN, ["--username", "tilly", "--email", "tilly@example.com"], envFor(dataDir, { ADMIN_PASSWORD: `${PASSWORD}!` }));
    expect(again).toMatchObject({ code: 0, stderr: "" });
    expect(again.stdout).toContain("Made tilly an Owner (password updated).");
    expect((await createApiClient(`http://127.0.0.1:${port}`).post("/api/auth/login", { username: "tilly", password: `${PASSWORD}!` })).status).toBe(200);
  });

  it.each([
    ["catalog:import", IMPORT, () => [csv], /staff page \/admin\/products\/import/],
    ["db:seed", SEED, () => [], /restart it/],
    ["db:seed:large", SEED_LARGE, () => ["--products", "10"], /stop it/],
    ["db:migrate", MIGRATE, () => [], /restart it/],
  ])("%s refuses in one line naming the store, and writes nothing", { timeout: 60_000 }, async (_name, script, args, instead) => {
    const result = await runTool(script, args(), envFor(dataDir));
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(new RegExp(`^A store is running on ${dataDir} \\(pid ${store.child.pid}, port ${port}\\): stop it first, or .+\\.$`));
    expect(result.stderr).toMatch(instead);
    expectPlainRefusal(result);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  });
});

describe("while a tool has the directory open", () => {
  const dataDir = temp("held");
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("a store and another tool refuse to open it, naming the tool", { timeout: 180_000 }, async () => {
    const seeding = startTool(SEED_LARGE, ["--products", "2000000"], envFor(dataDir));
    try {
      let exited = false;
      void seeding.done.then(() => (exited = true));
      let holder = await runningStore(dataDir);
      while (!holder && !exited) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        holder = await runningStore(dataDir);
      }
      expect(exited).toBe(false);
      expect(holder?.tool).toMatch(/seed-large|busy/);

      const other = await runTool(MIGRATE, [], envFor(dataDir));
      expect(other.code).toBe(1);
      // The tool answers between its writes, or is busy in one: either way the directory is held.
      expect(other.stderr.trim()).toMatch(new RegExp(`^(npm run seed-large\\.ts \\(pid ${seeding.child.pid}\\)|a busy process) has ${dataDir} open: run this when it has finished\\.$`));

      const store = startStore(dataDir);
      await expect(store.listening).rejects.toThrow(/(npm run seed-large\.ts \(pid \d+\)|a busy process) has \S+ open/);
    } finally {
      seeding.child.kill("SIGKILL"); // a throwaway directory
      await seeding.done;
    }
  });
});

describe("on a store that was never started", () => {
  const root = temp("fresh");
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("catalog:import prepares the database and its default collections, then imports", { timeout: 120_000 }, async () => {
    const file = join(root, "good.csv");
    writeFileSync(file, "Handle,Title,Option1 Name,Option1 Value,Variant Price,Variant Inventory Qty\nharbor-tee,Harbor Tee,Size,M,25,3\n");
    const result = await runTool(IMPORT, [file], envFor(join(root, "import")));
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toContain("1 to create");
    expect(result.stdout).toContain("Imported.");
  });

  it("catalog:import refuses a file with a refused line (exit 1) and lists it", { timeout: 120_000 }, async () => {
    const file = join(root, "bad.csv");
    writeFileSync(file, "Handle,Title,Option1 Name,Option1 Value,Variant Price,Variant Inventory Qty\nok,Ok,Size,M,10,lots\n");
    const result = await runTool(IMPORT, [file], envFor(join(root, "import-bad")));
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/refused {2}line 2/);
    expect(result.stdout).toContain("Nothing imported");
    expectPlainRefusal(result);
  });

  it("db:migrate and admin:create prepare the database themselves", { timeout: 180_000 }, async () => {
    expect(await runTool(MIGRATE, [], envFor(join(root, "migrate")))).toMatchObject({ code: 0, stdout: "Migrations applied.\n", stderr: "" });
    const owner = await runTool(ADMIN, ["--username", "rosa", "--email", "rosa@example.com"], envFor(join(root, "admin"), { ADMIN_PASSWORD: PASSWORD }));
    expect(owner).toMatchObject({ code: 0, stderr: "" });
    expect(owner.stdout).toContain("Created Owner rosa.");
    expect(owner.stdout).toContain("/admin/two-step");
  });
});

describe("bad usage (exit 2) and refused input (exit 1), in one line", () => {
  const root = temp("usage");
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const env = (extra: Record<string, string> = {}) => envFor(join(root, "data"), extra);

  it.each([
    ["admin:create without --email", ADMIN, ["--username", "alex"], {}, 2],
    ["admin:create with an unknown option", ADMIN, ["--username", "alex", "--email", "a@example.com", "--owner"], {}, 2],
    ["admin:create with a bad --totp-secret", ADMIN, ["--username", "alex", "--email", "a@example.com", "--totp-secret", "nope"], {}, 2],
    ["admin:create without a password and no terminal", ADMIN, ["--username", "alex", "--email", "a@example.com"], { ADMIN_PASSWORD: "" }, 2],
    ["admin:create with a weak password", ADMIN, ["--username", "alex", "--email", "a@example.com"], { ADMIN_PASSWORD: "short" }, 1],
    ["catalog:import without a file", IMPORT, [], {}, 2],
    ["catalog:import with a missing file", IMPORT, [join(root, "nowhere.csv")], {}, 1],
    ["db:seed with an option it doesn't take", SEED, ["--products", "5"], {}, 2],
    ["db:seed:large with a bad count", SEED_LARGE, ["--products", "lots"], {}, 2],
    ["db:migrate with an option it doesn't take", MIGRATE, ["--force"], {}, 2],
    ["db:migrate with a bad variable", MIGRATE, [], { PORT: "many" }, 2],
    ["db:backup with a bad --keep", "scripts/db-backup.ts", ["--keep", "none"], {}, 2],
    ["db:restore without a file", "scripts/db-restore.ts", [], {}, 2],
    ["db:restore with a file that is no backup", "scripts/db-restore.ts", [join(root, "nothing.pglite.tar.gz")], {}, 1],
  ] as const)("%s", { timeout: 60_000 }, async (_name, script, args, extra, code) => {
    const result = await runTool(script, [...args], env(extra));
    expect(result.code).toBe(code);
    expect(result.stderr.trim()).not.toBe("");
    expectPlainRefusal(result);
  });
});
