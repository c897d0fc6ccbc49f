import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import type { ProfileInput } from "./account-schemas";
import { assertAvailable } from "./sign-in";
import { toUserJson } from "./user-json";
import type { User } from "./user-types";

/** PATCH /api/account/profile: name, email and username, each kept unique. */
export async function updateProfile({ db, userId, input, now }: { db: Database; userId: string; input: ProfileInput; now: () => Date }): Promise<User> {
  await assertAvailable(db, { username: input.username, email: input.email, exceptUserId: userId });
  const [updated] = await db
    .update(users)
    .set({ ...input, ...(input.email ? { email: input.email.toLowerCase() } : {}), updatedAt: now() })
    .where(eq(users.id, userId))
    .returning();
  return toUserJson(updated!);
}
