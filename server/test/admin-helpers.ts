import { eq } from "drizzle-orm";
import type { BuiltinRoleKey, Permission } from "../../shared/staff-permissions";
import type { Database } from "../db/client";
import { sessions, staffRoles, users } from "../db/schema";
import { ownerRoleId } from "../staff/owner-role";
import { createApiClient } from "./api-client";
import { registerShopper } from "./accounts-helpers";
import type { TestServer } from "./test-server";

/** A TOTP secret for test staff (test data only): server/staff/second-factor-api.test.ts signs in with real codes. */
export const TEST_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/**
 * Makes `username` staff with `roleId` (the Owner by default), with an authenticator app set up, and counts the second factor as given now on
 * their open sessions: the tests of two-step sign-in itself go through the real calls.
 */
export async function promoteToStaff(db: Database, username: string, roleId: number | typeof ownerRoleId = ownerRoleId, now = new Date()) {
  const [user] = await db.update(users).set({ role: "admin", staffRoleId: roleId, totpSecret: TEST_TOTP_SECRET }).where(eq(users.username, username)).returning({ id: users.id });
  await db.update(sessions).set({ secondFactorAt: now, lastSeenAt: now }).where(eq(sessions.userId, user!.id));
  return user!.id;
}

const makeStaff = (server: TestServer, username: string, roleId: number | typeof ownerRoleId) => promoteToStaff(server.database.db, username, roleId, new Date(server.clock.now));

/** A staff member's sessions gave their second factor at the server's current time (a step-up, for tests that move the clock). */
export async function freshSecondFactor(server: TestServer, userId: string) {
  await server.database.db.update(sessions).set({ secondFactorAt: new Date(server.clock.now), lastSeenAt: new Date(server.clock.now) }).where(eq(sessions.userId, userId));
}

/** A signed-in staff client (an Owner: every permission). */
export async function signedInAdmin(server: TestServer) {
  const admin = createApiClient(server.url);
  const { username } = await registerShopper(admin);
  await makeStaff(server, username, ownerRoleId);
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
  const id = await makeStaff(server, username, row!.id);
  return { client, id, username, roleId: row!.id };
}
