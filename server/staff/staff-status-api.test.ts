import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, recoveryCodes, sessions, staffRoles, users } from "../db/schema";
import { PERMISSIONS } from "../../shared/staff-permissions";
import { PASSWORD } from "../test/accounts-helpers";
import { createApiClient } from "../test/api-client";
import { signedInStaff } from "../test/admin-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const roleIdOf = async (key: string) => (await server.database.db.select({ id: staffRoles.id }).from(staffRoles).where(eq(staffRoles.key, key)))[0]!.id;
const lastAudit = async () => (await server.database.db.select().from(auditLog).where(eq(auditLog.entity, "staff")).orderBy(desc(auditLog.id)).limit(1))[0];
const memberOf = async (owner: ReturnType<typeof createApiClient>, id: string) => ((await owner.get("/api/admin/staff")).body.staff as { id: string; suspendedAt: string | null }[]).find((m) => m.id === id);

describe("suspending staff", () => {
  it("ends the member's live sessions at once and blocks sign-in, until restored (both audited)", async () => {
    const owner = await signedInStaff(server, "owner");
    const packer = await signedInStaff(server, "fulfilment");
    const phone = createApiClient(server.url);
    expect((await phone.post("/api/auth/login", { username: packer.username, password: PASSWORD })).status).toBe(200);
    expect((await packer.client.get("/api/admin/orders")).status).toBe(200);

    const suspended = await owner.client.post(`/api/admin/staff/${packer.id}/suspend`, {});
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({ id: packer.id, suspendedAt: expect.any(String) });
    expect((await packer.client.get("/api/admin/orders")).status).toBe(401);
    expect((await phone.get("/api/auth/me")).status).toBe(401);
    expect(await server.database.db.select().from(sessions).where(eq(sessions.userId, packer.id))).toEqual([]);
    const login = await createApiClient(server.url).post("/api/auth/login", { username: packer.username, password: PASSWORD });
    expect(login.status).toBe(403);
    expect(login.body.message).toMatch(/suspended/);
    expect(await lastAudit()).toMatchObject({ action: "suspend", actor: `staff:${owner.username}`, entityId: packer.id });
    // Again: nothing changes.
    expect((await owner.client.post(`/api/admin/staff/${packer.id}/suspend`, {})).status).toBe(200);
    expect((await lastAudit())!.action).toBe("suspend");

    const restored = await owner.client.post(`/api/admin/staff/${packer.id}/restore`, {});
    expect([restored.status, restored.body.suspendedAt]).toEqual([200, null]);
    expect(await lastAudit()).toMatchObject({ action: "restore", entityId: packer.id });
    expect((await createApiClient(server.url).post("/api/auth/login", { username: packer.username, password: PASSWORD })).status).toBe(200);
    expect((await memberOf(owner.client, packer.id))!.suspendedAt).toBeNull();
  });

  it("refuses yourself (409), someone who holds more than you (403), a shopper or unknown id (404), and bad input (400)", async () => {
    const lead = await signedInStaff(server, { permissions: ["staff.manage", "orders.read", "orders.fulfil", "orders.edit"] });
    const owner = await signedInStaff(server, "owner");
    const self = await lead.client.post(`/api/admin/staff/${lead.id}/suspend`, {});
    expect([self.status, self.body.message]).toEqual([409, "You can't suspend yourself: ask another Owner"]);
    expect((await lead.client.delete(`/api/admin/staff/${lead.id}`)).status).toBe(409);
    expect((await lead.client.post(`/api/admin/staff/${owner.id}/suspend`, {})).status).toBe(403);
    expect((await lead.client.delete(`/api/admin/staff/${owner.id}`)).status).toBe(403);
    const packer = await signedInStaff(server, "fulfilment");
    expect((await lead.client.post(`/api/admin/staff/${packer.id}/suspend`, {})).status).toBe(200);
    expect((await owner.client.post("/api/admin/staff/00000000-0000-4000-8000-000000000000/suspend", {})).status).toBe(404);
    expect((await owner.client.post("/api/admin/staff/not-an-id/restore", {})).status).toBe(400);
    expect((await owner.client.post(`/api/admin/staff/${packer.id}/restore`, { now: true })).status).toBe(400);
    expect((await owner.client.delete("/api/admin/staff/123")).status).toBe(400);
    expect((await packer.client.post(`/api/admin/staff/${owner.id}/suspend`, {})).status).toBe(401);
  });

  it("always keeps one Owner who is not suspended (409)", async () => {
    const { db } = server.database;
    const ownerRole = await roleIdOf("owner");
    await db.update(users).set({ staffRoleId: await roleIdOf("manager") }).where(and(eq(users.role, "admin"), eq(users.staffRoleId, ownerRole)));
    const only = await signedInStaff(server, "owner");
    const other = await signedInStaff(server, "owner");
    const full = await signedInStaff(server, { permissions: [...PERMISSIONS] });
    expect((await only.client.post(`/api/admin/staff/${other.id}/suspend`, {})).status).toBe(200);
    // `other` is suspended: `only` is the last active Owner, and can't be suspended, removed or demoted.
    const refused = await full.client.post(`/api/admin/staff/${only.id}/suspend`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/only Owner who is not suspended/);
    expect((await full.client.delete(`/api/admin/staff/${only.id}`)).status).toBe(409);
    expect((await full.client.patch(`/api/admin/staff/${only.id}`, { roleId: await roleIdOf("manager") })).status).toBe(409);
    // A suspended Owner may be removed; with another active Owner back, the first may be suspended.
    expect((await only.client.post(`/api/admin/staff/${other.id}/restore`, {})).status).toBe(200);
    expect((await full.client.post(`/api/admin/staff/${only.id}/suspend`, {})).status).toBe(200);
    expect((await full.client.delete(`/api/admin/staff/${only.id}`)).status).toBe(204);
  });
});

describe("removing staff", () => {
  it("makes them a shopper with no sessions and no second factor, and keeps their audit history", async () => {
    const owner = await signedInStaff(server, "owner");
    const editor = await signedInStaff(server, "content_editor");
    const { db } = server.database;
    // Something they did (a staff sign-in is audited), and a second factor they had.
    expect((await createApiClient(server.url).post("/api/auth/login", { username: editor.username, password: PASSWORD })).status).toBe(200);
    await db.update(users).set({ totpSecret: "JBSWY3DPEHPK3PXP", totpLastStep: 1 }).where(eq(users.id, editor.id));
    await db.insert(recoveryCodes).values({ userId: editor.id, codeHash: "x" });
    const history = await db.select().from(auditLog).where(eq(auditLog.actor, `staff:${editor.username}`));
    expect(history.length).toBeGreaterThan(0);

    expect((await owner.client.delete(`/api/admin/staff/${editor.id}`)).status).toBe(204);
    expect(await lastAudit()).toMatchObject({ action: "remove", entityId: editor.id, actor: `staff:${owner.username}`, before: { username: editor.username, role: "Content editor" } });
    const [row] = await db.select().from(users).where(eq(users.id, editor.id));
    expect(row).toMatchObject({ role: "customer", staffRoleId: null, suspendedAt: null, totpSecret: null, totpPendingSecret: null, totpLastStep: null });
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, editor.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, editor.id))).toEqual([]);
    expect((await editor.client.get("/api/auth/me")).status).toBe(401);
    expect((await db.select().from(auditLog).where(eq(auditLog.actor, `staff:${editor.username}`))).length).toBe(history.length);
    expect(await memberOf(owner.client, editor.id)).toBeUndefined();
    // They can still shop, and no longer reach staff calls.
    const back = createApiClient(server.url);
    expect((await back.post("/api/auth/login", { username: editor.username, password: PASSWORD })).status).toBe(200);
    expect((await back.get("/api/admin/content")).status).toBe(403);
    expect((await owner.client.delete(`/api/admin/staff/${editor.id}`)).status).toBe(404);
  });
});
