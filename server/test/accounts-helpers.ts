import type { createApiClient } from "./api-client";

export const PASSWORD = "velvet-orbit-7 lantern";
let counter = 0;

/** Registers a fresh account through the API and returns its name and the register answer. */
export async function registerShopper(client: ReturnType<typeof createApiClient>, overrides: Record<string, unknown> = {}) {
  const n = `${Date.now().toString(36)}${++counter}`;
  const body = { username: `shopper${n}`, email: `shopper${n}@example.com`, password: PASSWORD, name: "Jordan Lee", ...overrides };
  const res = await client.post("/api/auth/register", body);
  return { ...body, res };
}
