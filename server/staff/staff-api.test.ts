import { and, desc, eq, sql } from "drizzle-orm";
import { rowsOf } from "../db/rows";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSIONS } from "../../shared/staff-permissions";
import { auditLog, staffRoles, users } from "../db/schema";
import { registerShopper } from "../test/accounts-helpers";
import { createApiClient } from "../test/api-client";
import { signedInStaff } from "../test/admin-helpers";
import { startTestServer, type TestServer } from "../test/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const roleIdOf = async (key: string) => (await server.database.db.select({ id: staffRoles.id }).from(staffRoles).where(eq(staffRoles.key, key)))[0]!.id;
const lastAudit = async (entity: string) => (await server.database.db.select().from(auditLog).where(eq(auditLog.entity, entity)).orderBy(desc(auditLog.id)).limit(1))[0];

describe("roles", () => {
  it("lists the seeded roles, the Owner first with every permission, with their members", async () => {
    const owner = await signedInStaff(server, "owner");
    const res = await owner.client.get("/api/admin/roles");
    expect(res.status).toBe(200);
    const roles = res.body.roles as { key: string; name: string; permissions: string[]; owner: boolean; members: number }[];
    expect(roles.slice(0, 4).map((r) => r.name)).toEqual(["Owner", "Manager", "Fulfilment", "Content editor"]);
    expect(roles[0]).toMatchObject({ owner: true, permissions: [...PERMISSIONS] });
    expect(roles[0]!.members).toBeGreaterThanOrEqual(1);
    expect(roles.find((r) => r.key === "fulfilment")!.permissions).toEqual(["orders.read", "orders.fulfil", "orders.edit"]);
  });

  it("creates, renames and deletes a role, auditing each; refuses bad input with a 400 naming the field", async () => {
    const owner = await signedInStaff(server, "owner");
    const created = await owner.client.post("/api/admin/roles", { name: "Support", description: "Answers customers", permissions: ["customers.read", "orders.read"] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Support", builtin: false, permissions: ["orders.read", "customers.read"], members: 0 });
    expect(await lastAudit("staff_role")).toMatchObject({ action: "create", actor: `staff:${owner.username}`, entityId: String(created.body.id) });

    expect((await owner.client.post("/api/admin/roles", { name: "support", permissions: [] })).status).toBe(409);
    const bad = await owner.client.post("/api/admin/roles", { name: "", permissions: ["orders.everything"], extra: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/name/);
    expect(bad.body.message).toMatch(/permissions/);
    expect((await owner.client.patch(`/api/admin/roles/${created.body.id}`, {})).status).toBe(400);

    const renamed = await owner.client.patch(`/api/admin/roles/${created.body.id}`, { name: "Customer care", permissions: ["customers.read"] });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Customer care", permissions: ["customers.read"] });
    expect(await lastAudit("staff_role")).toMatchObject({ action: "update", before: { name: "Support" }, after: { name: "Customer care" } });

    expect((await owner.client.delete(`/api/admin/roles/${created.body.id}`)).status).toBe(204);
    expect(await lastAudit("staff_role")).toMatchObject({ action: "delete", entityId: String(created.body.id) });
    expect((await owner.client.delete(`/api/admin/roles/${created.body.id}`)).status).toBe(404);
  });

  it("keeps the Owner's permissions and the built-in roles, and refuses to delete a role in use (409)", async () => {
    const owner = await signedInStaff(server, "owner");
    const ownerRole = await roleIdOf("owner");
    const fixed = await owner.client.patch(`/api/admin/roles/${ownerRole}`, { permissions: ["orders.read"] });
    expect(fixed.status).toBe(409);
    expect(fixed.body.message).toMatch(/Owner role always has every permission/);
    expect((await owner.client.delete(`/api/admin/roles/${await roleIdOf("fulfilment")}`)).status).toBe(409);

    const used = await owner.client.post("/api/admin/roles", { name: "Packers", permissions: ["orders.read"] });
    const member = await signedInStaff(server, "fulfilment");
    expect((await owner.client.patch(`/api/admin/staff/${member.id}`, { roleId: used.body.id })).status).toBe(200);
    const inUse = await owner.client.delete(`/api/admin/roles/${used.body.id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toMatch(/1 staff member/);
  });

  it("lets no one grant a permission they don't hold (403 naming it), nor edit a role with more than they hold", async () => {
    const manager = await signedInStaff(server, { permissions: ["staff.manage", "orders.read", "orders.fulfil"] });
    const ok = await manager.client.post("/api/admin/roles", { name: "Shipping desk", permissions: ["orders.read", "orders.fulfil"] });
    expect(ok.status).toBe(201);
    const refused = await manager.client.post("/api/admin/roles", { name: "Money", permissions: ["orders.read", "refunds"] });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/“Refund and decide returns”/);
    expect((await manager.client.patch(`/api/admin/roles/${ok.body.id}`, { permissions: ["orders.read", "settings"] })).status).toBe(403);
    // The Manager role holds refunds: editing it at all is refused, even its name.
    expect((await manager.client.patch(`/api/admin/roles/${await roleIdOf("manager")}`, { name: "Boss" })).status).toBe(403);
    expect((await server.database.db.select().from(staffRoles).where(eq(staffRoles.name, "Money"))).length).toBe(0);
  });
});

describe("staff", () => {
  it("lists staff with their roles and changes a member's role, audited", async () => {
    const owner = await signedInStaff(server, "owner");
    const member = await signedInStaff(server, "content_editor");
    const list = await owner.client.get("/api/admin/staff");
    expect(list.status).toBe(200);
    expect(list.body.staff.find((s: { id: string }) => s.id === member.id)).toMatchObject({ username: member.username, role: { name: "Content editor", owner: false } });
    expect(list.body.staff.every((s: { role: { name: string } }) => s.role.name)).toBe(true);

    const changed = await owner.client.patch(`/api/admin/staff/${member.id}`, { roleId: await roleIdOf("fulfilment") });
    expect(changed.status).toBe(200);
    expect(changed.body.role.name).toBe("Fulfilment");
    expect(await lastAudit("staff")).toMatchObject({ action: "role", entityId: member.id, before: { role: "Content editor" }, after: { role: "Fulfilment" } });
    // The member's next call uses the new role at once.
    expect((await member.client.get("/api/admin/orders")).status).toBe(200);
    expect((await member.client.get("/api/admin/content")).status).toBe(403);

    expect((await owner.client.patch(`/api/admin/staff/${member.id}`, { roleId: 999999 })).status).toBe(400);
    expect((await owner.client.patch(`/api/admin/staff/${member.id}`, { roleId: "1" })).status).toBe(400);
    expect((await owner.client.patch("/api/admin/staff/00000000-0000-4000-8000-000000000000", { roleId: 1 })).status).toBe(404);
    const shopper = createApiClient(server.url);
    const { username } = await registerShopper(shopper);
    const [shopperRow] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    expect((await owner.client.patch(`/api/admin/staff/${shopperRow!.id}`, { roleId: 1 })).status).toBe(404);
  });

  it("makes an existing account staff with a role (audited), within what the actor holds", async () => {
    const owner = await signedInStaff(server, "owner");
    const shopper = createApiClient(server.url);
    const { username } = await registerShopper(shopper);
    expect((await shopper.get("/api/admin/orders")).status).toBe(403);
    const lead = await signedInStaff(server, { permissions: ["staff.manage", "orders.read"] });
    expect((await lead.client.post("/api/admin/staff", { username, roleId: await roleIdOf("fulfilment") })).status).toBe(403);
    const added = await owner.client.post("/api/admin/staff", { username: username.toUpperCase(), roleId: await roleIdOf("fulfilment") });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ username, role: { name: "Fulfilment" } });
    expect(await lastAudit("staff")).toMatchObject({ action: "add", after: { username, role: "Fulfilment" } });
    // Staff now, but with no second factor yet: only the two-step set-up opens.
    expect((await shopper.get("/api/admin/orders")).body).toMatchObject({ code: "forbidden", reason: "second_factor_setup" });
    expect((await owner.client.post("/api/admin/staff", { username, roleId: await roleIdOf("fulfilment") })).status).toBe(409);
    expect((await owner.client.post("/api/admin/staff", { username: "no-such-person", roleId: 1 })).status).toBe(404);
    expect((await owner.client.post("/api/admin/staff", { username, roleId: 1, admin: true })).status).toBe(400);
  });

  it("refuses to give a role with more than you hold, or to change someone who holds more (403)", async () => {
    const lead = await signedInStaff(server, { permissions: ["staff.manage", "orders.read", "orders.fulfil", "orders.edit", "content.write"] });
    const packer = await signedInStaff(server, "fulfilment");
    const up = await lead.client.patch(`/api/admin/staff/${packer.id}`, { roleId: await roleIdOf("manager") });
    expect(up.status).toBe(403);
    expect(up.body.message).toMatch(/permissions your role doesn't have/);
    const owner = await signedInStaff(server, "owner");
    expect((await lead.client.patch(`/api/admin/staff/${owner.id}`, { roleId: await roleIdOf("fulfilment") })).status).toBe(403);
    // Nor make themselves an Owner.
    const [leadRow] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, lead.username));
    expect((await lead.client.patch(`/api/admin/staff/${leadRow!.id}`, { roleId: await roleIdOf("owner") })).status).toBe(403);
    // Within what they hold, they may.
    expect((await lead.client.patch(`/api/admin/staff/${packer.id}`, { roleId: await roleIdOf("content_editor") })).status).toBe(200);
  });

  it("always keeps one Owner (409), and an Owner may step down once another exists", async () => {
    const { db } = server.database;
    const ownerRole = await roleIdOf("owner");
    // Leave exactly one Owner.
    await db.update(users).set({ staffRoleId: await roleIdOf("manager") }).where(and(eq(users.role, "admin"), eq(users.staffRoleId, ownerRole)));
    const only = await signedInStaff(server, "owner");
    const last = await only.client.patch(`/api/admin/staff/${only.id}`, { roleId: await roleIdOf("manager") });
    expect(last.status).toBe(409);
    expect(last.body.message).toMatch(/only Owner/);
    const second = await signedInStaff(server, "fulfilment");
    expect((await only.client.patch(`/api/admin/staff/${second.id}`, { roleId: ownerRole })).status).toBe(200);
    expect((await only.client.patch(`/api/admin/staff/${only.id}`, { roleId: await roleIdOf("manager") })).status).toBe(200);
    expect((await second.client.patch(`/api/admin/staff/${second.id}`, { roleId: await roleIdOf("manager") })).status).toBe(409);
  });

  it("answers 401 signed out and 403 to shoppers and to staff without staff.manage", async () => {
    expect((await createApiClient(server.url).get("/api/admin/staff")).status).toBe(401);
    const shopper = createApiClient(server.url);
    await registerShopper(shopper);
    expect((await shopper.get("/api/admin/roles")).status).toBe(403);
    const editor = await signedInStaff(server, "content_editor");
    const refused = await editor.client.post("/api/admin/roles", { name: "Mine", permissions: [] });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/Content editor.*“Manage staff”/);
  });
});

describe("the permission list and the database", () => {
  it("allows in staff_roles exactly the permissions of shared/staff-permissions.ts", async () => {
    const [row] = rowsOf<{ def: string }>(await server.database.db.execute(sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'staff_roles_permissions_known'`));
    expect([...row!.def.matchAll(/'([\w.]+)'/g)].map((m) => m[1]).sort()).toEqual([...PERMISSIONS].sort());
    await expect(server.database.db.insert(staffRoles).values({ name: "Odd", permissions: ["orders.everything"] })).rejects.toThrow();
    // Staff have a role, and only staff.
    await expect(server.database.db.insert(users).values({ username: "norole", email: "norole@example.com", name: "N", passwordHash: "x", role: "admin" })).rejects.toThrow();
  });
});

describe("order permissions", () => {
  it("lets Fulfilment ship but not cancel an order (canceling refunds), nor refund it", async () => {
    const packer = await signedInStaff(server, "fulfilment");
    const cancel = await packer.client.post("/api/admin/orders/VS-999999/status", { status: "canceled" });
    expect(cancel.status).toBe(403);
    expect(cancel.body.message).toMatch(/Refund/);
    expect((await packer.client.post("/api/admin/orders/VS-999999/refunds", { lines: [{ itemId: 1, quantity: 1 }], reason: "x", restock: true })).status).toBe(403);
    expect((await packer.client.post("/api/admin/orders/VS-999999/status", { status: "shipped", shipment: { carrier: "Royal Mail", trackingNumber: "RM1234" } })).status).not.toBe(403);
  });
});
