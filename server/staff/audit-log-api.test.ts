/** The audit log as staff read it (issue 29): staff sign-ins join it, and it filters by person, action and date. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD, registerShopper } from "../test/accounts-helpers";
import { signedInAdmin, signedInStaff } from "../test/admin-helpers";
import { createApiClient } from "../test/api-client";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
let owner: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  server = await startTestServer({ pages: true });
  owner = await signedInAdmin(server);
});
afterAll(() => server?.close());

const audit = async (query: string) => (await owner.get(`/api/admin/audit?${query}`)).body;

describe("the audit log", () => {
  it("keeps staff sign-ins and failed staff passwords, not shoppers'", async () => {
    const { username } = await signedInStaff(server, "fulfilment");
    expect((await createApiClient(server.url).post("/api/auth/login", { username, password: "not the password" })).status).toBe(401);
    expect((await createApiClient(server.url).post("/api/auth/login", { username, password: PASSWORD })).status).toBe(200);
    const mine = await audit(`actor=${username}`);
    expect(mine.entries.map((e: { action: string; entity: string }) => [e.entity, e.action])).toEqual([
      ["sign_in", "sign-in"],
      ["sign_in", "sign-in-failed"],
    ]);
    const { username: shopperName } = await registerShopper(createApiClient(server.url));
    await createApiClient(server.url).post("/api/auth/login", { username: shopperName, password: PASSWORD });
    expect((await audit(`actor=${shopperName}`)).entries).toEqual([]);
  });

  it("filters by person, action and whole days in UTC, and pages back", async () => {
    const { username } = await signedInStaff(server, "fulfilment");
    await createApiClient(server.url).post("/api/auth/login", { username, password: PASSWORD });
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await audit(`actor=staff:${username}&action=sign-in&from=${today}&to=${today}`)).entries).toHaveLength(1);
    expect((await audit(`actor=${username}&from=${yesterday}&to=${yesterday}`)).entries).toHaveLength(0);
    expect((await audit(`action=sign-in`)).entries.every((e: { action: string }) => e.action === "sign-in")).toBe(true);
  });

  it("refuses a bad filter with a 400 naming it", async () => {
    const bad = await owner.get("/api/admin/audit?from=yesterday");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/from: must be a date like 2026-11-25/);
    expect((await owner.get("/api/admin/audit?from=2026-11-25&to=2026-11-01")).body.message).toMatch(/to: must not be before from/);
    expect((await owner.get("/api/admin/audit?action=DROP%20TABLE")).status).toBe(400);
  });

  it("is a staff page with filters, for those who may manage staff", async () => {
    const { username } = await signedInStaff(server, "fulfilment");
    await createApiClient(server.url).post("/api/auth/login", { username, password: PASSWORD });
    const page = await owner.get(`/admin/audit?actor=${encodeURIComponent(`staff:${username}`)}&action=sign-in`, { accept: "text/html" });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Audit log");
    expect(page.text).toContain(username);
    const fulfilment = (await signedInStaff(server, "fulfilment")).client;
    expect((await fulfilment.get("/admin/audit", { accept: "text/html" })).status).toBe(403);
  });
});
