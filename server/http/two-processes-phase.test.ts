import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CHANGE_CHANNEL } from "../cache/change-feed";
import { createApiClient } from "../test/api-client";
import { twoProcesses } from "../test/app-processes";
import { testDatabaseUrl } from "../test/test-database";
import { freeProducts, insertDrop } from "../test/timed-drops";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Decision 0050: each process passes a drop's phase change by its own clock; nothing is sent between them at the instant.
describe.skipIf(!testDatabaseUrl)("a drop opening on two app processes on one PostgreSQL (skipped without TEST_DATABASE_URL)", { timeout: 120_000 }, () => {
  // A minute's life: an answer seen anew after the open is the phase change's doing, not its expiry.
  const processes = twoProcesses({ RESPONSE_CACHE_MS: "60000" });

  it("both drop their cached answers and say it is open from the instant, with no message between them", async () => {
    const { a, b, database } = processes;
    const opensAt = new Date(Date.now() + 5000);
    const [productId] = await freeProducts(database.db, 1);
    await insertDrop(database.db, { slug: "two-open", opensAt, productIds: [productId!] });
    // Made as another process's staff call would announce it: a change to everything, heard by both.
    await database.db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${JSON.stringify({ from: "test", all: true })})`);

    const product = `/api/products/${productId}`;
    for (const url of [a.url, b.url]) {
      const visitor = createApiClient(url);
      // Until the notice has reached this process, a first answer may be dropped by it: ask until one is a hit.
      let answer = await visitor.get(product);
      for (let tries = 0; answer.headers.get("x-cache") !== "hit" && tries < 50; tries++) answer = await visitor.get(product);
      expect(answer.headers.get("x-cache")).toBe("hit");
      expect((await visitor.get("/api/drops/two-open")).body.phase).toBe("announced");
    }
    expect(Date.now()).toBeLessThan(opensAt.getTime());

    await sleep(opensAt.getTime() - Date.now() + 50);
    for (const url of [a.url, b.url]) {
      const visitor = createApiClient(url);
      expect((await visitor.get("/api/drops/two-open")).body.phase).toBe("open");
      // The answer cached while it was announced is gone: this one is read anew, then kept.
      expect((await visitor.get(product)).headers.get("x-cache")).toBeNull();
      expect((await visitor.get(product)).headers.get("x-cache")).toBe("hit");
    }
  });
});
