import { eq } from "drizzle-orm";
import { users } from "../db/schema";
import { createApiClient } from "./api-client";
import { registerShopper } from "./accounts-helpers";
import type { TestServer } from "./test-server";
import { ownerRoleId } from "../staff/owner-role";

/** A signed-in staff client. */
export async function signedInAdmin(server: TestServer) {
  const admin = createApiClient(server.url);
  const { username } = await registerShopper(admin);
  await server.database.db.update(users).set({ role: "admin", staffRoleId: ownerRoleId }).where(eq(users.username, username));
  return admin;
}
