import { eq } from "drizzle-orm";
import type { BuiltinRoleKey, Permission } from "../../shared/staff-permissions";
import { staffRoles, users } from "../db/schema";
import { ownerRoleId } from "../staff/owner-role";
import { createApiClient } from "./api-client";
import { registerShopper } from "./accounts-helpers";
import type { TestServer } from "./test-server";

/** A signed-in staff client (an Owner: every permission). */
export async function signedInAdmin(server: TestServer) {
  const admin = createApiClient(server.url);
  const { username } = await registerShopper(admin);
  await server.database.db.update(users).set({ role: "admin", staffRoleId: ownerRoleId }).where(eq(users.username, username));
  return admin;
}

let roleCounter = 0;

/** A signed-in staff member with a built-in role (by key), or with a role of their own holding exactly `permissions`. */
export async function signedInStaff(server: TestServer, role: BuiltinRoleKey | { permissions: Permission[] }) {
  const { db } = server.database;
  const client = createApiClient(server.url);
  const { username } = await registerShopper(client);
  const [row] =
    typeof role === "string"
      ? await db.select({ id: staffRoles.id }).from(staffRoles).where(eq(staffRoles.key, role))
      : await db.insert(staffRoles).values({ name: `Test role ${Date.now().toString(36)}${++roleCounter}`, permissions: role.permissions }).returning({ id: staffRoles.id });
  const [user] = await db.update(users).set({ role: "admin", staffRoleId: row!.id }).where(eq(users.username, username)).returning({ id: users.id });
  return { client, id: user!.id, username, roleId: row!.id };
}
