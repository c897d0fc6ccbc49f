import { and, desc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditLog, staffInvitations, staffRoles, users } from "../db/schema";
import { registerShopper } from "../test/accounts-helpers";
import { createApiClient } from "../test/api-client";
import { signedInStaff } from "../test/admin-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ pages: true });
});
afterAll(() => server.close());
afterEach(() => {
  server.clock.now = new Date();
});

const PASSWORD = "granite meadow lantern 4471";
const BAD_LINK = "This invitation link has expired or was already used. Ask the store owner for a new one.";
let n = 0;
const fresh = () => `hire${Date.now().toString(36)}${++n}`;
const roleIdOf = async (key: string) => (await server.database.db.select({ id: staffRoles.id }).from(staffRoles).where(eq(staffRoles.key, key)))[0]!.id;
const client = () => createApiClient(server.url);

/** The token in the last invitation mailed to `to`. */
function mailedToken(to: string): string {
  const mail = [...server.mailer.sent].reverse().find((m) => m.to === to && m.subject === "You're invited to join the VSOP Apparel staff");
  const token = mail?.text.match(/http:\/\/store\.test\/admin\/join\?token=([A-Za-z0-9_-]{43})/)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${to}`);
  return token;
}

async function invite(owner: ReturnType<typeof createApiClient>, roleKey = "fulfilment") {
  const name = fresh();
  const email = `${name}@example.com`;
  const res = await owner.post("/api/admin/staff/invitations", { email: email.toUpperCase(), name: "Sam Rivera", roleId: await roleIdOf(roleKey) });
  expect(res.status, res.text).toBe(201);
  return { email, username: name, res, token: mailedToken(email) };
}

describe("inviting staff", () => {
  it("emails a 72-hour link, lists the invitation as open, and audits it", async () => {
    const owner = await signedInStaff(server, "owner");
    const { email, res, token } = await invite(owner.client);
    expect(res.body).toMatchObject({ email, name: "Sam Rivera", role: { name: "Fulfilment" }, invitedBy: owner.username, emailed: true });
    expect(new Date(res.body.expiresAt).getTime() - new Date(res.body.createdAt).getTime()).toBe(72 * 60 * 60_000);
    const [row] = await server.database.db.select().from(staffInvitations).where(eq(staffInvitations.id, res.body.id));
    expect(row!.tokenHash).not.toContain(token);
    const listed = await owner.client.get("/api/admin/staff/invitations");
    expect(listed.body.invitations).toContainEqual(expect.objectContaining({ id: res.body.id, email, role: expect.objectContaining({ name: "Fulfilment" }) }));
    const [audit] = await server.database.db.select().from(auditLog).where(and(eq(auditLog.entity, "staff_invitation"), eq(auditLog.entityId, String(res.body.id))));
    expect(audit).toMatchObject({ action: "invite", actor: `staff:${owner.username}` });
    expect(JSON.stringify(audit)).not.toContain(token);

    const shown = await client().get(`/api/auth/staff-invitation?token=${token}`);
    expect([shown.status, shown.body]).toEqual([200, { email, name: "Sam Rivera", roleName: "Fulfilment", expiresAt: res.body.expiresAt }]);

    // The join page opens for a signed-out visitor, outside the staff frame, and keeps the token to itself.
    const page = await client().get(`/admin/join?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Join the staff");
    expect(page.headers.get("referrer-policy")).toContain("no-referrer");
    expect(page.headers.get("cache-control")).toContain("no-store");
  });

  it("is accepted once: the account is staff with the role, its email verified, signed in without a second factor yet", async () => {
    const owner = await signedInStaff(server, "owner");
    const { email, username, res, token } = await invite(owner.client);
    const invitee = client();
    // A refused password leaves the link working.
    const weak = await invitee.post("/api/auth/staff-invitation", { token, username, name: "Sam Rivera", password: "password" });
    expect([weak.status, weak.body.message]).toEqual([400, "That password is too common. Choose something harder to guess"]);
    const accepted = await invitee.post("/api/auth/staff-invitation", { token, username, name: "Sam Rivera", password: PASSWORD });
    expect(accepted.status, accepted.text).toBe(201);
    expect(accepted.body.user).toMatchObject({ username, email, role: "admin", staff: { roleName: "Fulfilment" } });
    expect(accepted.headers.getSetCookie().length).toBeGreaterThan(0);
    const me = await invitee.get("/api/auth/me");
    expect(me.body).toMatchObject({ username, staff: { roleName: "Fulfilment" } });
    const [account] = await server.database.db.select().from(users).where(eq(users.username, username));
    expect(account!.emailVerifiedAt).not.toBeNull();
    const [audit] = await server.database.db.select().from(auditLog).where(eq(auditLog.entity, "staff_invitation")).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: "accept", actor: `staff:${username}`, entityId: String(res.body.id) });

    const again = await client().post("/api/auth/staff-invitation", { token, username: `${username}x`, name: "Sam", password: PASSWORD });
    expect([again.status, again.body.message]).toEqual([404, BAD_LINK]);
    expect((await client().get(`/api/auth/staff-invitation?token=${token}`)).status).toBe(404);
    expect((await owner.client.get("/api/admin/staff/invitations")).body.invitations.map((i: { id: number }) => i.id)).not.toContain(res.body.id);
  });

  it("refuses a link after 72 hours, a revoked link, and an older link once a newer one is sent", async () => {
    const owner = await signedInStaff(server, "owner");
    const expired = await invite(owner.client);
    server.clock.now = new Date(Date.now() + 72 * 60 * 60_000 + 60_000);
    const late = await client().post("/api/auth/staff-invitation", { token: expired.token, username: expired.username, name: "Sam", password: PASSWORD });
    expect([late.status, late.body.message]).toEqual([404, BAD_LINK]);
    // The owner's session is long over 72 hours later (staff sessions last 12 hours): another Owner looks.
    const later = await signedInStaff(server, "owner");
    expect((await later.client.get("/api/admin/staff/invitations")).body.invitations.map((i: { id: number }) => i.id)).not.toContain(expired.res.body.id);
    server.clock.now = new Date();

    const revoked = await invite(owner.client);
    expect((await owner.client.delete(`/api/admin/staff/invitations/${revoked.res.body.id}`)).status).toBe(204);
    expect((await owner.client.delete(`/api/admin/staff/invitations/${revoked.res.body.id}`)).status).toBe(404);
    expect((await client().get(`/api/auth/staff-invitation?token=${revoked.token}`)).body.message).toBe(BAD_LINK);
    expect((await client().post("/api/auth/staff-invitation", { token: revoked.token, username: revoked.username, name: "Sam", password: PASSWORD })).status).toBe(404);
    const [audit] = await server.database.db.select().from(auditLog).where(eq(auditLog.entity, "staff_invitation")).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: "revoke", entityId: String(revoked.res.body.id), actor: `staff:${owner.username}` });

    const first = await invite(owner.client);
    const second = await owner.client.post("/api/admin/staff/invitations", { email: first.email, name: "Sam Rivera", roleId: await roleIdOf("manager") });
    expect(second.status).toBe(201);
    const newer = [...server.mailer.sent].reverse().find((m) => m.to === first.email)!.text.match(/token=([A-Za-z0-9_-]{43})/)![1]!;
    expect(newer).not.toBe(first.token);
    expect((await client().get(`/api/auth/staff-invitation?token=${first.token}`)).status).toBe(404);
    expect((await client().get(`/api/auth/staff-invitation?token=${newer}`)).body.roleName).toBe("Manager");
  });

  it("refuses a role with permissions the inviter lacks (403), an address with an account (409), and bad input (400)", async () => {
    const manager = await signedInStaff(server, { permissions: ["staff.manage", "orders.read"] });
    const escalate = await manager.client.post("/api/admin/staff/invitations", { email: `${fresh()}@example.com`, name: "Eve", roleId: await roleIdOf("owner") });
    expect(escalate.status).toBe(403);
    expect(escalate.body.message).toMatch(/invite someone as Owner/);
    const shopper = await registerShopper(client());
    const owner = await signedInStaff(server, "owner");
    const taken = await owner.client.post("/api/admin/staff/invitations", { email: shopper.email.toUpperCase(), name: "Jordan", roleId: await roleIdOf("fulfilment") });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/make it staff from the Staff page/);
    const bad = await owner.client.post("/api/admin/staff/invitations", { email: "not an email", name: "", roleId: 0, extra: true });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/email: must be an email address/);
    expect((await owner.client.post("/api/admin/staff/invitations", { email: `${fresh()}@example.com`, name: "X", roleId: 999999 })).status).toBe(400);
    expect((await owner.client.delete("/api/admin/staff/invitations/abc")).status).toBe(400);
    expect((await client().get("/api/auth/staff-invitation?token=short")).status).toBe(400);
    expect((await client().post("/api/auth/staff-invitation", { token: "a".repeat(43), username: "x", name: "", password: 1 })).status).toBe(400);
    expect((await manager.client.get("/api/admin/staff/invitations")).status).toBe(200);
    const fulfilment = await signedInStaff(server, "fulfilment");
    expect((await fulfilment.client.get("/api/admin/staff/invitations")).status).toBe(403);
  });

  it("keeps the link when the username is taken, and rate-limits wrong tokens per address", async () => {
    const owner = await signedInStaff(server, "owner");
    const { token, username } = await invite(owner.client);
    const other = await registerShopper(client());
    const clash = await client().post("/api/auth/staff-invitation", { token, username: other.username, name: "Sam", password: PASSWORD });
    expect([clash.status, clash.body.message]).toEqual([409, "That username is taken"]);
    expect((await client().post("/api/auth/staff-invitation", { token, username, name: "Sam", password: PASSWORD })).status).toBe(201);

    const limited = await startTestServer();
    try {
      const wrong = () => createApiClient(limited.url).get(`/api/auth/staff-invitation?token=${"b".repeat(43)}`);
      for (let i = 0; i < 20; i++) expect((await wrong()).status).toBe(404);
      expect((await wrong()).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
