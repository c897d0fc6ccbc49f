import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { AppError } from "../errors";
import type { ProfileInput } from "./account-schemas";
import { assertAvailable } from "./sign-in";
import { toUserJson } from "./user-json";
import type { User } from "./user-types";

/**
 * PATCH /api/account/profile: name and username (each kept unique). The email changes only through a confirmed link
 * (POST /api/account/email), so a stolen session can't take the account over by changing it.
 */
export async function updateProfile({ db, userId, input, now }: { db: Database; userId: string; input: ProfileInput; now: () => Date }): Promise<User> {
  const { email, ...rest } = input;
  const [current] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (email && email.toLowerCase() !== current?.email.toLowerCase()) throw new AppError("bad_request", "To change your email, use Security: it needs your password and a link sent to the new address");
  await assertAvailable(db, { username: rest.username, exceptUserId: userId });
  const [updated] = await db
    .update(users)
    .set({ ...rest, updatedAt: now() })
    .where(eq(users.id, userId))
    .returning();
  return toUserJson(updated!);
}
