import { eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { ownerRoleId } from "./owner-role";

/** What `npm run admin:create` hands the running store over its control socket (decision 0036): a hash, never the password. */
export const ownerRequestSchema = z
  .object({
    username: z.string().min(1).max(100),
    email: z.string().min(3).max(320),
    name: z.string().max(200),
    passwordHash: z.string().min(1).max(1000),
    totpSecret: z.string().regex(/^[A-Z2-7]{16,128}=*$/).nullable(),
  })
  .strict();
export type OwnerRequest = z.infer<typeof ownerRequestSchema>;

/** Creates an Owner, or makes the account with that username or email one (with the new password); `--totp-secret` enrols a factor. */
export async function saveOwner({ db, owner }: { db: Database; owner: OwnerRequest }): Promise<"created" | "promoted"> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(or(eq(sql`lower(${users.username})`, owner.username.toLowerCase()), eq(sql`lower(${users.email})`, owner.email.toLowerCase())));
    // A new secret: codes from an earlier one (and their steps) no longer count.
    const factor = owner.totpSecret ? { totpSecret: owner.totpSecret, totpPendingSecret: null, totpLastStep: null } : {};
    if (existing) {
      await tx.update(users).set({ role: "admin", staffRoleId: ownerRoleId, passwordHash: owner.passwordHash, suspendedAt: null, updatedAt: new Date(), ...factor }).where(eq(users.id, existing.id));
      return "promoted";
    }
    await tx.insert(users).values({ username: owner.username, email: owner.email.toLowerCase(), name: owner.name, passwordHash: owner.passwordHash, role: "admin", staffRoleId: ownerRoleId, ...factor });
    return "created";
  });
}
