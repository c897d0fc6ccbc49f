import { readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsDir } from "../paths";
import { seedProducts } from "../seed/catalog-data";
import { type AppProcess, createDataDir, startAppProcess } from "../test/app-processes";
import { postgresBinaries, startThrowawayPostgres, type ThrowawayPostgres } from "../test/throwaway-postgres";

const migrations = (JSON.parse(readFileSync(join(migrationsDir, "meta/_journal.json"), "utf8")) as { entries: unknown[] }).entries.length;

// Issue 53: two machines deployed at once both find the database empty. One migrates and seeds; the other waits for it.
describe.runIf(postgresBinaries())("two machines starting together on an empty database", { timeout: 180_000 }, () => {
  let postgres: ThrowawayPostgres | undefined;
  const stores: AppProcess[] = [];
  const dirs: Awaited<ReturnType<typeof createDataDir>>[] = [];
  const clients: pg.Client[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end().catch(() => {})));
    await Promise.all(stores.map((s) => s.stop()));
    await Promise.all([postgres?.destroy(), ...dirs.map((d) => d.remove())]);
  });

  it("migrate and seed it once, and both serve", async () => {
    postgres = await startThrowawayPostgres();
    dirs.push(await createDataDir(), await createDataDir());
    // So the two surely overlap (their starts can be seconds apart): the migrations' bookkeeping table exists, empty,
    // and is held locked until both processes wait for a lock, on it or on each other.
    const [holder, watcher] = [new pg.Client({ connectionString: postgres.url }), new pg.Client({ connectionString: postgres.url })];
    clients.push(holder, watcher);
    await Promise.all([holder.connect(), watcher.connect()]);
    await holder.query("create schema drizzle; create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)");
    await holder.query("begin; lock table drizzle.__drizzle_migrations in access exclusive mode");
    // LOG_LEVEL=info: the one that waits says so.
    const starting = Promise.all(dirs.map((d) => startAppProcess({ DATABASE_URL: postgres!.url, DATA_DIR: d.dir, LOG_LEVEL: "info" })));
    const failed = starting.then(() => null, (error: unknown) => error);
    const waiting = async () => (await watcher.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'")).rows[0]!.n;
    await expect.poll(async () => (await Promise.race([failed, new Promise((r) => setTimeout(r, 10))])) ?? (await waiting()), { timeout: 90_000, interval: 100 }).toBe(2);
    await holder.query("commit");
    stores.push(...(await starting));
    for (const store of stores) expect((await fetch(`${store.url}/api/products/1`)).status, store.output()).toBe(200);

    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      const applied = await client.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
      expect(applied.rows[0]!.n).toBe(migrations);
      const products = await client.query<{ n: number; handles: number }>("select count(*)::int as n, count(distinct handle)::int as handles from products");
      expect(products.rows[0]).toEqual({ n: seedProducts.length, handles: seedProducts.length });
      const campaigns = await client.query<{ n: number }>("select count(*)::int as n from drops");
      expect(campaigns.rows[0]!.n).toBeGreaterThan(0);
      const menus = await client.query<{ menu: string; n: number }>("select menu, count(*)::int as n from menu_items where parent_id is null group by menu order by menu");
      const again = await client.query<{ menu: string; n: number }>("select menu, count(distinct (label, position))::int as n from menu_items where parent_id is null group by menu order by menu");
      expect(menus.rows).toEqual(again.rows);
    } finally {
      await client.end();
    }
    const waited = stores.filter((s) => /another process is preparing the database/.test(s.output()));
    expect(waited.length, stores.map((s) => s.output()).join("\n---\n")).toBe(1);
  });
});
