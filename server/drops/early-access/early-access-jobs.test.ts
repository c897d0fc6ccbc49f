import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { dropInvitations, newsletterSubscribers } from "../../db/schema";
import { startTestServer, type TestServer } from "../../test/test-server";
import { freeProduct, makeDrop } from "../gate/gate-test-helpers";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ jobs: {} });
});
afterAll(() => server?.close());

async function until(check: () => Promise<boolean> | boolean, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out waiting for the job queue");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it("the invite-early-access job, queued twice, emails each subscriber one link through the send-early-access queue", async () => {
  const item = await freeProduct(server.database.db);
  const drop = await makeDrop(server, { productId: item.productId, announce: -60, early: -1, opens: 60 });
  const emails = Array.from({ length: 12 }, (_, i) => `queued-${i}@example.com`);
  await server.database.db.insert(newsletterSubscribers).values(emails.map((email) => ({ email, source: "footer" })));

  await Promise.all([server.jobs!.enqueue("invite-early-access"), server.jobs!.enqueue("invite-early-access")]);
  const sent = () => server.mailer.sent.filter((m) => m.subject === "Your early access to Winter drop");
  await until(() => emails.every((email) => sent().some((m) => m.to === email)));
  // A later sweep finds nothing left to send.
  await server.jobs!.enqueue("invite-early-access");
  await until(async () => (await server.jobs!.counts()).waiting === 0 && (await server.jobs!.counts()).active === 0);

  const to = sent().map((m) => m.to);
  expect(new Set(to).size).toBe(to.length);
  expect(emails.every((email) => to.filter((t) => t === email).length === 1)).toBe(true);
  const rows = await server.database.db.select().from(dropInvitations).where(eq(dropInvitations.dropId, drop.id));
  expect(rows.every((row) => row.sentAt !== null)).toBe(true);
  expect(rows).toHaveLength(to.length);
});
