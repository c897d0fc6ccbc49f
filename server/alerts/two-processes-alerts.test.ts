import { promoteToStaff } from "../test/admin-helpers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stockAlerts } from "../db/schema";
import { registerShopper } from "../test/accounts-helpers";
import { createApiClient } from "../test/api-client";
import { outboxMails, twoProcesses } from "../test/app-processes";
import { testDatabaseUrl } from "../test/test-database";
import { setStock, variantIdOf } from "./alert-test-helpers";

/** The recipients of every back-in-stock email written to DATA_DIR/outbox, one entry per email. */
async function backInStockSent(dataDir: string): Promise<string[]> {
  return (await outboxMails(dataDir)).filter((m) => /^Subject: Back in stock:/m.test(m)).map((m) => /^To: (\S+)$/m.exec(m)![1]!).sort();
}

describe.skipIf(!testDatabaseUrl)("back-in-stock alerts with two app processes on one PostgreSQL (skipped without TEST_DATABASE_URL)", { timeout: 120_000 }, () => {
  const processes = twoProcesses();

  it("restocks on both processes at once: 150 waiting shoppers get exactly one email each", async () => {
    const { a, b, database, dataDir } = processes;
    const db = database.db;
    const sizes = ["S", "M", "L"];
    const variantIds = await Promise.all(sizes.map((size) => variantIdOf(db, 5, "Olive", size)));
    for (const id of variantIds) await setStock(db, id, 0);
    const waiting = Array.from({ length: 150 }, (_, i) => ({ variantId: variantIds[i % 3]!, email: `twice${i}@example.com`, status: "active" as const, confirmedAt: new Date() }));
    await db.insert(stockAlerts).values(waiting);

    const staffOnA = createApiClient(a.url);
    const { username } = await registerShopper(staffOnA);
    await promoteToStaff(db, username);
    const staffOnB = createApiClient(b.url, new Map(staffOnA.jar));
    // Both processes' senders start together, each over every variant.
    await db.execute(sql`update variants set on_hand = 4 where id in (${sql.join(variantIds, sql`, `)})`);
    const restocked = await Promise.all([
      staffOnA.patch(`/api/admin/variants/${variantIds[0]}`, { onHand: 5 }),
      staffOnB.post("/api/admin/bulk-edit", { variants: [{ id: variantIds[1], onHand: 5 }] }),
      staffOnA.patch(`/api/admin/variants/${variantIds[2]}`, { onHand: 5 }),
      staffOnB.patch(`/api/admin/variants/${variantIds[2]}`, { onHand: 6 }),
    ]);
    expect(restocked.map((r) => r.status)).toEqual([200, 200, 200, 200]);

    await expect.poll(() => db.$count(stockAlerts, eq(stockAlerts.status, "notified")), { timeout: 60_000, interval: 200 }).toBe(150);
    expect(await backInStockSent(dataDir)).toEqual(waiting.map((w) => w.email).sort());
  });
});
