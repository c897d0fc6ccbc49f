import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runningStore } from "../server/ops/control-socket";
import { createApiClient } from "../server/test/api-client";
import { ADMIN, envFor, expectPlainRefusal, IMPORT, MIGRATE, PASSWORD, runTool, SECRET, SEED, SEED_LARGE, startStore, startTool, temp } from "./tool-runs";

// The tools beside a real store process on a PGlite directory, and beside another tool that holds it (decision 0036).

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
