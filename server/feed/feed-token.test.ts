import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, storeSettings } from "../db/schema";
import { createApiClient } from "../test/api-client";
import { registerShopper } from "../test/accounts-helpers";
import { signedInAdmin } from "../test/admin-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

describe("feed token without FEED_TOKEN", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it("is made on first use, kept in the database, and opens the feed to Meta's scheduled fetch", async () => {
    expect(await server.database.db.$count(storeSettings)).toBe(0);
    const first = await server.services.feed.scheduledUrl();
    expect(first).toMatch(/^http:\/\/store\.test\/api\/instagram-shop\/feed\?token=[\w-]{43}$/);
    expect(await server.services.feed.scheduledUrl()).toBe(first);
    expect(await server.database.db.$count(storeSettings)).toBe(1);
    const res = await createApiClient(server.url).get(`/api/instagram-shop/feed?token=${tokenOf(first)}`);
    expect(res.status).toBe(200);
    expect(res.text.startsWith("id,item_group_id,title")).toBe(true);
  });

  it("rotates for staff: the new address works, the old one is refused, and the log records it without the token", async () => {
    const old = tokenOf(await server.services.feed.scheduledUrl());
    const admin = await signedInAdmin(server);
    const res = await admin.post("/api/admin/feed-token", {});
    expect(res.status).toBe(200);
    const fresh = tokenOf(res.body.scheduledUrl);
    expect(fresh).not.toBe(old);
    const anonymous = createApiClient(server.url);
    expect((await anonymous.get(`/api/instagram-shop/feed?token=${old}`)).status).toBe(401);
    expect((await anonymous.get(`/api/instagram-shop/feed?token=${fresh}`)).status).toBe(200);
    const [entry] = await server.database.db.select().from(auditLog);
    expect(entry).toMatchObject({ entity: "setting", entityId: "feed_token", action: "rotate", before: null, after: null });
    expect(entry!.actor).toMatch(/^staff:/);
    expect(JSON.stringify(entry)).not.toContain(fresh);
  });

  it("refuses rotation to customers and visitors, and a body with fields", async () => {
    expect((await createApiClient(server.url).post("/api/admin/feed-token", {})).status).toBe(401);
    const customer = createApiClient(server.url);
    await registerShopper(customer);
    expect((await customer.post("/api/admin/feed-token", {})).status).toBe(403);
    const admin = await signedInAdmin(server);
    const bad = await admin.post("/api/admin/feed-token", { token: "mine" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Invalid request: Unknown field: token");
  });
});

describe("feed token from FEED_TOKEN", () => {
  const TOKEN = "feed-token-for-tests-0123456789abcdef";
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ feedToken: TOKEN });
  });
  afterAll(() => server?.close());

  it("is the configured one and cannot be rotated from the staff area", async () => {
    expect(await server.services.feed.scheduledUrl()).toBe(`http://store.test/api/instagram-shop/feed?token=${TOKEN}`);
    const res = await (await signedInAdmin(server)).post("/api/admin/feed-token", {});
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/FEED_TOKEN/);
    expect(await server.database.db.$count(storeSettings)).toBe(0);
  });
});
