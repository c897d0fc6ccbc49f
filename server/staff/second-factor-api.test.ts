import { and, desc, eq, inArray } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, recoveryCodes, users } from "../db/schema";
import { PASSWORD, registerShopper } from "../test/accounts-helpers";
import { createApiClient } from "../test/api-client";
import { TEST_TOTP_SECRET, signedInStaff } from "../test/admin-helpers";
import { startTestServer, type TestServer } from "../test/test-server";
import { ownerRoleId } from "./owner-role";

let server: TestServer;
beforeAll(async () => {
  // The pages too: the two-step page's breadcrumb is checked in its HTML.
  server = await startTestServer({ pages: true });
  // A fixed clock on a step boundary: codes are computed for exact times.
  server.clock.now = new Date(Math.floor(Date.now() / 30_000) * 30_000);
});
afterAll(() => server.close());

const seconds = (ms: number) => Math.floor(ms / 1000);
const codeAt = (secret: string, at: Date) => generate({ secret, epoch: seconds(at.getTime()) });
const later = (ms: number) => {
  server.clock.now = new Date(server.clock.now.getTime() + ms);
};
const actionsOf = async (username: string) =>
  (await server.database.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.actor, `staff:${username}`), inArray(auditLog.entity, ["second_factor", "sign_in"]))).orderBy(desc(auditLog.id))).map((r) => r.action);

/** A new Owner signed in with a password only: no second factor set up, none given. */
async function newOwner() {
  const client = createApiClient(server.url);
  const { username } = await registerShopper(client);
  await server.database.db.update(users).set({ role: "admin", staffRoleId: ownerRoleId }).where(eq(users.username, username));
  return { client, username };
}

/** Signs in again with the password (a new session that hasn't given its second factor). */
async function signIn(username: string) {
  const client = createApiClient(server.url);
  const res = await client.post("/api/auth/login", { username, password: PASSWORD });
  expect(res.status).toBe(200);
  return { client, res };
}

describe("a staff member without a second factor", () => {
  it("reaches only the two-step calls: staff calls and account calls answer 403 with the reason", async () => {
    const { client } = await newOwner();
    for (const [method, path] of [["get", "/api/admin/orders"], ["get", "/api/admin/search?q=a"], ["get", "/api/account/orders"], ["get", "/api/admin/roles"]] as const) {
      const res = await client[method](path);
      expect(res.status, path).toBe(403);
      expect(res.body, path).toMatchObject({ code: "forbidden", reason: "second_factor_setup" });
    }
    const status = await client.get("/api/admin/security");
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ totp: false, passkey: false, given: false, fresh: false, recoveryCodesLeft: 0 });
    // A shopper's calls are not the staff area's business: the storefront still answers.
    expect((await client.get("/api/products?limit=1")).status).toBe(200);
  });

  it("the two-step page's breadcrumb names the staff area without linking it: /admin would send them back here", async () => {
    const { client } = await newOwner();
    const page = await client.get("/admin/two-step");
    expect(page.status).toBe(200);
    const trail = page.text.match(/<nav aria-label="Breadcrumb"[\s\S]*?<\/nav>/)?.[0];
    expect(trail).toContain(">Admin</span>");
    expect(trail).toContain(">Two-step sign-in</span>");
    expect(trail).not.toMatch(/href="\/admin[/"?]/);
  });

  it("sets up an authenticator app: a QR code drawn here, the first code confirms it, ten recovery codes come back once", async () => {
    const { client, username } = await newOwner();
    const setup = await client.post("/api/admin/security/totp/setup", {});
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.body.otpauthUrl).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    expect((await client.post("/api/admin/security/totp", { code: "12345" })).status).toBe(400);
    const wrong = await client.post("/api/admin/security/totp", { code: (Number(await codeAt(setup.body.secret, server.clock.now)) ^ 1).toString().padStart(6, "0") });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/didn't work/);

    const confirmed = await client.post("/api/admin/security/totp", { code: await codeAt(setup.body.secret, server.clock.now) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);
    for (const code of confirmed.body.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Stored hashed: no recovery code and no hash of one in plain sight.
    const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    const stored = await server.database.db.select({ codeHash: recoveryCodes.codeHash }).from(recoveryCodes).where(eq(recoveryCodes.userId, user!.id));
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.codeHash)).not.toContain(confirmed.body.recoveryCodes[0]);

    expect((await client.get("/api/admin/orders")).status).toBe(200);
    expect((await client.get("/api/admin/security")).body).toMatchObject({ totp: true, given: true, fresh: true, recoveryCodesLeft: 10 });
    expect(await actionsOf(username)).toEqual(expect.arrayContaining(["totp-added", "totp-setup-failed"]));
  });
});

describe("signing in with TOTP (a fixed clock)", () => {
  it("takes a good code once, refuses its replay and an expired code, and accepts one step of drift", async () => {
    const { username } = await signedInStaff(server, "owner");
    const first = await signIn(username);
    expect(first.res.body.user.staff.secondFactor).toMatchObject({ totp: true, given: false });
    expect((await first.client.get("/api/admin/orders")).body.reason).toBe("second_factor");

    const good = await codeAt(TEST_TOTP_SECRET, server.clock.now);
    const ok = await first.client.post("/api/admin/security/verify", { code: good });
    expect(ok.status).toBe(200);
    expect((await first.client.get("/api/admin/orders")).status).toBe(200);

    // The same code again, in another session within its window: a replay.
    const second = await signIn(username);
    const replay = await second.client.post("/api/admin/security/verify", { code: good });
    expect(replay.status).toBe(400);
    expect((await second.client.get("/api/admin/orders")).status).toBe(403);

    // A code from two steps ago has expired; the previous step's is still taken once the step moved on (drift).
    later(30_000);
    const expired = await codeAt(TEST_TOTP_SECRET, new Date(server.clock.now.getTime() - 90_000));
    expect((await second.client.post("/api/admin/security/verify", { code: expired })).status).toBe(400);
    const drifted = await codeAt(TEST_TOTP_SECRET, new Date(server.clock.now.getTime() + 30_000));
    expect((await second.client.post("/api/admin/security/verify", { code: drifted })).status).toBe(200);
    // A code of an earlier step than the last one used is refused even inside the window.
    const third = await signIn(username);
    expect((await third.client.post("/api/admin/security/verify", { code: await codeAt(TEST_TOTP_SECRET, server.clock.now) })).status).toBe(400);
    expect(await actionsOf(username)).toEqual(expect.arrayContaining(["second-factor-totp", "sign-in-failed"]));
  });

  it("rate-limits wrong codes: the sixth try in 15 minutes is a 429, even with the right code", async () => {
    const { username } = await signedInStaff(server, "owner");
    later(60_000);
    const { client } = await signIn(username);
    for (let i = 0; i < 5; i++) expect((await client.post("/api/admin/security/verify", { code: "000000" })).status).toBe(400);
    const limited = await client.post("/api/admin/security/verify", { code: await codeAt(TEST_TOTP_SECRET, server.clock.now) });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
    expect((await actionsOf(username)).filter((a) => a === "sign-in-failed")).toHaveLength(5);
  });

  it("takes a recovery code once, whatever its case and spacing", async () => {
    const { client: setupClient, username } = await newOwner();
    const setup = await setupClient.post("/api/admin/security/totp/setup", {});
    const { body } = await setupClient.post("/api/admin/security/totp", { code: await codeAt(setup.body.secret, server.clock.now) });
    const code = body.recoveryCodes[3] as string;

    const a = await signIn(username);
    const used = await a.client.post("/api/admin/security/verify", { code: ` ${code.toUpperCase().replace("-", " ")} ` });
    expect(used.status).toBe(200);
    expect(used.body.recoveryCodesLeft).toBe(9);
    const b = await signIn(username);
    expect((await b.client.post("/api/admin/security/verify", { code })).status).toBe(400);
    expect(await actionsOf(username)).toContain("second-factor-recovery-code");
  });

  it("refuses bad bodies with a 400", async () => {
    const { client } = await newOwner();
    for (const body of [{}, { code: 123456 }, { code: "123456", extra: true }, { code: "<script>" }, { code: "1".repeat(40) }, { code: "123456", purpose: "other" }]) {
      expect((await client.post("/api/admin/security/verify", body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await client.post("/api/admin/security/totp", { code: "abcdef" })).status).toBe(400);
    expect((await createApiClient(server.url).get("/api/admin/security")).status).toBe(401);
    const shopper = createApiClient(server.url);
    await registerShopper(shopper);
    expect((await shopper.get("/api/admin/security")).status).toBe(403);
  });
});

describe("step-up", () => {
  it("asks again for refunds, exports, staff changes and tax settings once the factor is over 10 minutes old", async () => {
    const owner = await signedInStaff(server, "owner");
    const tax = { pricesIncludeTax: false, taxOnShipping: false, taxProvider: "manual" };
    expect((await owner.client.put("/api/admin/tax/settings", tax)).status).not.toBe(403);
    later(10 * 60_000 + 1_000);
    const calls = [
      () => owner.client.put("/api/admin/tax/settings", tax),
      () => owner.client.get("/api/admin/newsletter.csv"),
      () => owner.client.post("/api/admin/roles", { name: `Step-up ${Date.now()}`, permissions: [] }),
      () => owner.client.post("/api/admin/orders/VS-1/refunds", { amountCents: 100, reason: "x" }),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ reason: "step_up" });
    }
    // Reading is no step-up; neither is an everyday write.
    expect((await owner.client.get("/api/admin/roles")).status).toBe(200);
    expect((await owner.client.get("/api/admin/orders")).status).toBe(200);

    const stepUp = await owner.client.post("/api/admin/security/verify", { code: await codeAt(TEST_TOTP_SECRET, server.clock.now), purpose: "step-up" });
    expect(stepUp.status).toBe(200);
    expect((await owner.client.put("/api/admin/tax/settings", tax)).status).not.toBe(403);
    expect((await owner.client.get("/api/admin/newsletter.csv")).status).toBe(200);
    expect(await actionsOf(owner.username)).toContain("step-up-totp");
  });
});

describe("staff sessions", () => {
  it("end after 30 minutes idle and after 12 hours in total; a shopper's don't", async () => {
    const staff = await signedInStaff(server, "fulfilment");
    const shopper = createApiClient(server.url);
    await registerShopper(shopper);
    later(29 * 60_000);
    expect((await staff.client.get("/api/auth/me")).status).toBe(200);
    later(31 * 60_000);
    expect((await staff.client.get("/api/auth/me")).status).toBe(401);
    expect((await shopper.get("/api/auth/me")).status).toBe(200);

    const busy = await signIn(staff.username);
    await busy.client.post("/api/admin/security/verify", { code: await codeAt(TEST_TOTP_SECRET, server.clock.now) });
    for (let hour = 0; hour < 12; hour++) {
      later(20 * 60_000);
      expect((await busy.client.get("/api/auth/me")).status).toBe(200);
      later(20 * 60_000);
      expect((await busy.client.get("/api/auth/me")).status).toBe(200);
      later(20 * 60_000);
      expect((await busy.client.get("/api/auth/me")).status, `hour ${hour + 1}`).toBe(hour < 11 ? 200 : 401);
    }
  });
});
