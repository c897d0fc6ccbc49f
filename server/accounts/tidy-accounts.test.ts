import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { authAttempts, sessions } from "../db/schema";
import { registerShopper } from "../test/accounts-helpers";
import { createApiClient } from "../test/api-client";
import { startTestServer, type TestServer } from "../test/test-server";

const HOUR = 60 * 60_000;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

it("the hourly tidy drops idle sessions and day-old rate-limit records, judged at the service clock", async () => {
  const db = server.database.db;
  const shopper = await registerShopper(createApiClient(server.url));
  const userId = shopper.res.body.user.id as string;
  const at = server.clock.now.getTime();
  await db.insert(authAttempts).values([
    { key: "tidy:old", attemptedAt: new Date(at - 25 * HOUR) },
    { key: "tidy:recent", attemptedAt: new Date(at - 23 * HOUR) },
  ]);
  const left = async () => ({
    sessions: (await db.select().from(sessions).where(eq(sessions.userId, userId))).length,
    attempts: (await db.select({ key: authAttempts.key }).from(authAttempts).where(like(authAttempts.key, "tidy:%"))).map((a) => a.key),
  });

  await server.services.accounts.tidy();
  expect(await left()).toEqual({ sessions: 1, attempts: ["tidy:recent"] });

  // Eight days on, the week-idle session has ended, and the other record is a day old too.
  server.clock.now = new Date(at + 8 * 24 * HOUR);
  await server.services.accounts.tidy();
  expect(await left()).toEqual({ sessions: 0, attempts: [] });
});
