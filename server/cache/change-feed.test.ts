import { promoteToStaff } from "../test/admin-helpers";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { registerShopper } from "../test/accounts-helpers";
import { createApiClient } from "../test/api-client";
import { twoProcesses } from "../test/app-processes";
import { checkoutWith } from "../test/checkout-helpers";
import { testDatabaseUrl } from "../test/test-database";
import { createLogger } from "../logger";
import { type CatalogChange, createCatalogChanges } from "./catalog-changes";
import { APPLICATION_NAME, startChangeFeed } from "./change-feed";

type Product = { variants: { id: number; size: string; available: number; price: number }[] };
const availableM = (product: Product) => product.variants.find((v) => v.size === "M")!.available;

/** Reads `path` on `url` until `done` holds, for at most a second (decision 0022's promise); answers the last read. */
async function withinOneSecond(url: string, path: string, done: (read: { body: any; cache: string | null }) => boolean) {
  const deadline = Date.now() + 1000;
  for (;;) {
    const res = await createApiClient(url).get(path);
    const read = { body: res.body, cache: res.headers.get("x-cache") };
    if (done(read) || Date.now() > deadline) return read;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function cachedOn(url: string, path: string) {
  await createApiClient(url).get(path);
  const again = await createApiClient(url).get(path);
  expect(again.headers.get("x-cache")).toBe("hit");
  return again.body;
}

describe.skipIf(!testDatabaseUrl)("caches of two app processes on one PostgreSQL agree (decision 0022; skipped without TEST_DATABASE_URL)", { timeout: 120_000 }, () => {
  // Answers live a minute here: one that B refreshes within a second was dropped by A's notice, not by its age.
  const processes = twoProcesses({ RESPONSE_CACHE_MS: "60000" });

  /** Runs SQL as the test's admin connection on the processes' database. */
  async function onDatabase<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: processes.database.url });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  }
  /** The backend of a process's LISTEN connection, once it listens. */
  const listenerOf = (pid: number) =>
    onDatabase(async (client) => {
      const { rows } = await client.query<{ pid: number }>("select pid from pg_stat_activity where application_name = $1 and query ilike 'listen %'", [`${APPLICATION_NAME} ${pid}`]);
      return rows[0]?.pid ?? null;
    });

  it("a checkout through A shows on B's cached product within a second, and leaves B's listings alone", async () => {
    const { a, b } = processes;
    const before = availableM(await cachedOn(b.url, "/api/products/2"));
    await cachedOn(b.url, "/api/products/category/men");
    expect((await checkoutWith(createApiClient(a.url), { productId: 2, quantity: 1, size: "M" })).status).toBe(200);
    const read = await withinOneSecond(b.url, "/api/products/2", ({ body }) => availableM(body) === before - 1);
    expect(availableM(read.body)).toBe(before - 1);
    expect((await createApiClient(b.url).get("/api/products/category/men")).headers.get("x-cache")).toBe("hit");
  });

  it("tells the other processes whether a change was to stock alone, and the figures it carries (decisions 0041, 0043)", async () => {
    const [here, there] = [createCatalogChanges(), createCatalogChanges()];
    const heard: CatalogChange[] = [];
    there.subscribe((change) => heard.push(change));
    const logger = createLogger("silent");
    const feeds = [here, there].map((changes) => startChangeFeed({ url: processes.database.url!, db: processes.database.db, changes, logger }));
    try {
      await Promise.all(feeds.map((feed) => feed.listening));
      const figures = [{ product: 5, variant: 51, available: 2, version: 7 }];
      here.publish({ products: [3], stockOnly: true });
      here.publish({ products: [4] });
      here.publish({ products: [5], stockOnly: true, stock: figures });
      // Figures that would not fit in a notification are left out: the other process reads the stock again.
      const many = Array.from({ length: 400 }, (_, i) => ({ product: 6, variant: 1000 + i, available: 10_000, version: 100_000 }));
      here.publish({ products: [6], stockOnly: true, stock: many });
      const told = () => heard.filter((change) => "products" in change); // not a listener's first "everything"
      for (const deadline = Date.now() + 2000; told().length < 4 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 20));
      // Each is its own NOTIFY, possibly from another pooled connection: they may arrive in either order.
      expect(told()).toHaveLength(4);
      expect(told()).toEqual(expect.arrayContaining([{ products: [3], stockOnly: true }, { products: [4] }, { products: [5], stockOnly: true, stock: figures }, { products: [6], stockOnly: true }]));
    } finally {
      await Promise.all(feeds.map((feed) => feed.close()));
    }
  });

  it("a staff price change through A clears B's cached listings within a second", async () => {
    const { a, b } = processes;
    const admin = createApiClient(a.url);
    const { username } = await registerShopper(admin);
    await promoteToStaff(processes.database.db, username);
    const listing = "/api/products/category/men";
    const [first] = await cachedOn(b.url, listing);
    const one = `/api/products/${first.id}`;
    await cachedOn(b.url, one);
    const variant = (await admin.get(`/api/admin/products/${first.id}`)).body.variants[0];
    const price = (variant.priceCents + 500) / 100;
    expect((await admin.patch(`/api/admin/variants/${variant.id}`, { priceCents: variant.priceCents + 500 })).status).toBe(200);
    const priceOf = (body: Product) => body.variants.find((v) => v.id === variant.id)!.price;
    expect(priceOf((await withinOneSecond(b.url, one, ({ body }) => priceOf(body) === price)).body)).toBe(price);
    expect((await withinOneSecond(b.url, listing, ({ cache }) => cache !== "hit")).cache).not.toBe("hit");
  });

  it("B listens again after its connection is cut, and still hears A's changes", async () => {
    const { a, b } = processes;
    const cut = await listenerOf(b.child.pid!);
    expect(cut).not.toBeNull();
    await onDatabase((client) => client.query("select pg_terminate_backend($1)", [cut]));
    let again: number | null = null;
    for (let i = 0; i < 200 && (again === null || again === cut); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      again = await listenerOf(b.child.pid!);
    }
    expect(again).not.toBeNull();
    expect(again).not.toBe(cut);

    // Cached after B listens again (its reconnection cleared what it held), so only A's notice can refresh it.
    const before = availableM(await cachedOn(b.url, "/api/products/2"));
    expect((await checkoutWith(createApiClient(a.url), { productId: 2, quantity: 1, size: "M" })).status).toBe(200);
    const read = await withinOneSecond(b.url, "/api/products/2", ({ body }) => availableM(body) === before - 1);
    expect(availableM(read.body)).toBe(before - 1);
  });
});
