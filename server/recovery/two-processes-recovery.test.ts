import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../db/rows";
import { recoveryMessages } from "../db/schema";
import { type AppProcess, createDataDir, outboxMails, startAppProcess } from "../test/app-processes";
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from "../test/test-database";

const CHECKOUTS = 100;

/** Carts whose checkout was left a minute ago, each with the hoodie in it, the box ticked and its own address. */
async function leaveCheckouts(db: TestDatabase["db"]) {
  const [{ id: variantId }] = rowsOf<{ id: number }>(await db.execute(sql`select v.id from variants v where v.product_id = 2 and v.size = 'M' limit 1`)) as [{ id: number }];
  await db.execute(sql`update variants set on_hand = 500, reserved = 0 where id = ${variantId}`);
  const left = new Date(Date.now() - 60_000).toISOString();
  for (let i = 0; i < CHECKOUTS; i++) {
    const [{ id: cartId }] = rowsOf<{ id: string }>(await db.execute(sql`insert into carts (token_hash) values (${randomBytes(16).toString("hex")}) returning id`)) as [{ id: string }];
    await db.execute(sql`insert into cart_items (cart_id, variant_id, quantity) values (${cartId}, ${variantId}, 1)`);
    await db.execute(sql`
      insert into orders (order_number, cart_id, status, email, shipping_name, shipping_line1, shipping_city, shipping_region, shipping_postal_code, shipping_country,
        subtotal_cents, discount_cents, shipping_cents, tax_cents, total_cents, cart_fingerprint, payment_provider, stock_state, reservation_expires_at,
        marketing_consent_at, marketing_consent_wording, created_at, updated_at)
      values (${`VS-9${String(i).padStart(5, "0")}`}, ${cartId}, 'expired', ${`twice${i}@example.com`}, 'Sam Rivera', '12 Market Street', 'Portland', 'OR', '97205', 'US',
        14999, 0, 0, 1200, 16199, 'left', 'test', 'released', ${left}::timestamptz, ${left}::timestamptz, 'checkout-2026-11', ${left}::timestamptz, ${left}::timestamptz)`);
  }
}

/** Each recovery email in DATA_DIR/outbox as "address step". */
async function recoveryMailsSent(dataDir: string): Promise<string[]> {
  return (await outboxMails(dataDir))
    .flatMap((mail) => {
      const to = /^To: (\S+)$/m.exec(mail)?.[1];
      if (/^Subject: You left something in your /m.test(mail)) return [`${to} 1`];
      if (/^Subject: Your .+ cart is still waiting/m.test(mail)) return [`${to} 2`];
      return [];
    })
    .sort();
}

describe.skipIf(!testDatabaseUrl)("checkout recovery with two app processes on one PostgreSQL (skipped without TEST_DATABASE_URL)", { timeout: 180_000 }, () => {
  let database: TestDatabase;
  let dataDir: Awaited<ReturnType<typeof createDataDir>>;
  let processes: AppProcess[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await createDataDir();
    await leaveCheckouts(database.db);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await database?.close();
    await dataDir?.remove();
  });

  it("two stores started a day ahead (STORE_CLOCK_OFFSET=25h) send exactly one email per step for each of 100 left checkouts", async () => {
    // Both run the jobs; each queues the minute sweep as it starts, and both work the send queue.
    const env = { DATABASE_URL: database.url!, DATA_DIR: dataDir.dir, RUN_JOBS: "true", STORE_CLOCK_OFFSET: "25h" };
    processes = await Promise.all([startAppProcess(env), startAppProcess(env)]);
    expect(processes.map((p) => p.output()).join("\n")).toContain("STORE_CLOCK_OFFSET is set");
    const db = database.db;
    await expect.poll(() => db.$count(recoveryMessages, eq(recoveryMessages.outcome, "sent")), { timeout: 150_000, interval: 500 }).toBe(2 * CHECKOUTS);
    const expected = Array.from({ length: CHECKOUTS }, (_, i) => [`twice${i}@example.com 1`, `twice${i}@example.com 2`]).flat().sort();
    expect(await recoveryMailsSent(dataDir.dir)).toEqual(expected);
    // Nothing was left half-decided, and nothing was skipped (every one had consent and stock).
    expect(await db.$count(recoveryMessages)).toBe(await db.$count(recoveryMessages, sql`${recoveryMessages.outcome} = 'sent' or ${recoveryMessages.reason} = 'already_sent'`));
  });
});
