import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDrops } from "../drops/seed-drops";
import { type Database, openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { seedCatalog } from "../seed/seed-catalog";
import { createLogger } from "../logger";
import { registerShopper } from "../test/accounts-helpers";
import { createApiClient } from "../test/api-client";
import { card, checkoutWith } from "../test/checkout-helpers";
import { testDatabaseUrl } from "../test/test-database";
import { startTestServer, type TestServer } from "../test/test-server";
import { backupStore, restoreStore } from "./backup";
import { startControlSocket } from "./control-socket";

/** Every order, line, payment and account, as rows: what a restore must bring back exactly. */
const TABLES = ["orders", "order_items", "order_events", "test_payment_intents", "users", "reviews", "products", "variants"];

async function snapshot(db: Database) {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) out[table] = ((await db.execute(sql.raw(`select * from ${table} order by 1`))) as unknown as { rows: unknown[] }).rows;
  return JSON.parse(JSON.stringify(out)) as Record<string, unknown[]>;
}

/** Two paid orders (one by a signed-in shopper) and an account: a store worth backing up. */
async function placeOrders(server: TestServer) {
  for (const signedIn of [false, true]) {
    const shopper = createApiClient(server.url);
    if (signedIn) await registerShopper(shopper);
    const started = await checkoutWith(shopper, { productId: 2, quantity: 2, size: "M", color: "Black" });
    const paid = await shopper.post(`/api/test-payments/${started.body.paymentIntentId}/confirm`, { clientSecret: started.body.clientSecret, ...card("4242424242424242") });
    expect(paid.status).toBe(200);
  }
}

const temp = (name: string) => mkdtempSync(join(tmpdir(), `store-${name}-`));

describe("backups of a PGlite store, taken while it runs", () => {
  const dataDir = temp("data");
  const mediaDir = join(dataDir, "media");
  const backups = join(dataDir, "backups");
  let server: TestServer;
  let control: Awaited<ReturnType<typeof startControlSocket>>;

  beforeAll(async () => {
    const database = await openDatabase({ dataDir });
    await migrateDatabase(database);
    await seedCatalog(database.db);
    await seedDrops(database.db, new Date());
    server = await startTestServer({ database });
    control = await startControlSocket({ dataDir, pglite: database.pglite!, db: database.db, logger: createLogger("silent") });
    mkdirSync(join(mediaDir, "originals"), { recursive: true });
    writeFileSync(join(mediaDir, "originals", "photo.jpg"), "not really a jpeg");
    await placeOrders(server);
  });
  afterAll(async () => {
    control?.close();
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("restores elsewhere with every order, line, payment and account, and the photos", async () => {
    const { files } = await backupStore({ location: { dataDir, mediaDir }, dir: backups, keep: 5 });
    expect(files.map((f) => f.path)).toEqual([expect.stringMatching(/\/store-\d{8}-\d{6}\.pglite\.tar\.gz$/), expect.stringMatching(/\/store-\d{8}-\d{6}-media\.tar\.gz$/)]);
    // The store keeps serving while and after the snapshot is taken.
    expect((await fetch(`${server.url}/api/products/2`)).status).toBe(200);
    const original = await snapshot(server.database.db);
    expect(original.orders).toHaveLength(2);
    expect(original.users).toHaveLength(1 + original.users!.filter((u) => (u as { email: string }).email.endsWith(".invalid")).length);

    const elsewhere = temp("restored");
    try {
      const location = { dataDir: elsewhere, mediaDir: join(elsewhere, "media") };
      await restoreStore({ location, file: files[0]!.path });
      const restored = await openDatabase({ dataDir: elsewhere });
      try {
        expect(await snapshot(restored.db)).toEqual(original);
      } finally {
        await restored.close();
      }
      expect(readFileSync(join(elsewhere, "media", "originals", "photo.jpg"), "utf8")).toBe("not really a jpeg");
      // Nothing but the database went into the snapshot: not the backups folder, nor the photos, nor the socket.
      expect(readdirSync(elsewhere).filter((n) => !/^(base|global|pg_|PG_VERSION|postgresql|media$)/.test(n))).toEqual([]);

      await expect(restoreStore({ location, file: files[0]!.path })).rejects.toThrow(/already holds a database/);
      const forced = await restoreStore({ location, file: files[0]!.path, force: true });
      expect(forced.movedAside).toHaveLength(2);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
      for (const dir of readdirSync(tmpdir()).filter((n) => n.startsWith(elsewhere.split("/").pop()!))) rmSync(join(tmpdir(), dir), { recursive: true, force: true });
    }
  });

  it("refuses to restore onto the directory of a running store, and keeps only the newest backups", async () => {
    const { files } = await backupStore({ location: { dataDir, mediaDir }, dir: backups, keep: 5 });
    await expect(restoreStore({ location: { dataDir, mediaDir }, file: files[0]!.path, force: true })).rejects.toThrow(/A store is running/);
    const day = (d: number) => new Date(Date.UTC(2026, 0, d, 3, 0, 0));
    const pruned = join(dataDir, "pruned");
    mkdirSync(pruned);
    writeFileSync(join(pruned, "notes.txt"), "mine");
    for (const d of [1, 2, 3]) await backupStore({ location: { dataDir, mediaDir }, dir: pruned, keep: 2, now: day(d) });
    const left = readdirSync(pruned).sort();
    expect(left).toEqual(["notes.txt", "store-20260102-030000-media.tar.gz", "store-20260102-030000.pglite.tar.gz", "store-20260103-030000-media.tar.gz", "store-20260103-030000.pglite.tar.gz"]);
    // Four backups of a running store, each a copy of its files while it pauses: 11 s alone, over 30 s in a full run on
    // a busy 2-core machine (CI of 2026-12-07).
  }, 90_000);
});

describe.runIf(testDatabaseUrl)("backups of a PostgreSQL store", () => {
  let server: TestServer;
  const work = temp("pg-backup");
  const target = `store_restore_${Date.now().toString(36)}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    await client.query(query).finally(() => client.end());
  };
  const targetUrl = () => {
    const url = new URL(testDatabaseUrl!);
    url.pathname = `/${target}`;
    return url.toString();
  };

  beforeAll(async () => {
    server = await startTestServer();
    await placeOrders(server);
    await admin(`create database ${target}`);
  });
  afterAll(async () => {
    await server?.close();
    await admin(`drop database if exists ${target} with (force)`);
    rmSync(work, { recursive: true, force: true });
  });

  it("pg_dump's backup restores into an empty database with every order, line, payment and account", async () => {
    const url = (server.database as { url?: string }).url!;
    const { files } = await backupStore({ location: { url, dataDir: work, mediaDir: join(work, "media") }, dir: join(work, "backups"), keep: 3 });
    expect(files).toEqual([{ path: expect.stringMatching(/\.pgdump$/), bytes: expect.any(Number) }]);
    const original = await snapshot(server.database.db);

    const location = { url: targetUrl(), dataDir: work, mediaDir: join(work, "media") };
    await restoreStore({ location, file: files[0]!.path });
    const restored = await openDatabase({ url: targetUrl(), poolSize: 1 });
    try {
      expect(await snapshot(restored.db)).toEqual(original);
    } finally {
      await restored.close();
    }

    await expect(restoreStore({ location, file: files[0]!.path })).rejects.toThrow(/not empty/);
    await restoreStore({ location, file: files[0]!.path, force: true });
    expect(existsSync(files[0]!.path)).toBe(true);
  });
});
