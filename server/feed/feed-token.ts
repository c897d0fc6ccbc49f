import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { recordAudit } from "../audit/audit-log";
import type { Database } from "../db/client";
import { storeSettings } from "../db/schema";
import { AppError } from "../errors";

const KEY = "feed_token";

const newToken = () => randomBytes(32).toString("base64url");

/**
 * The secret in the scheduled-feed address Meta fetches. FEED_TOKEN fixes it; otherwise the store makes one the first
 * time it is asked and keeps it in the database, so a fresh store has a working address with no setup, and every app
 * instance reads the same one. Staff can rotate a stored token (the old address stops working at once).
 */
export function feedTokens({ db, fixed, now }: { db: Database; fixed: string | null; now: () => Date }) {
  async function current(): Promise<string> {
    if (fixed) return fixed;
    const [stored] = await db.select({ value: storeSettings.value }).from(storeSettings).where(eq(storeSettings.key, KEY));
    if (stored) return stored.value;
    // Two instances starting at once: the first insert wins and both read it back.
    await db.insert(storeSettings).values({ key: KEY, value: newToken(), updatedAt: now() }).onConflictDoNothing();
    const [made] = await db.select({ value: storeSettings.value }).from(storeSettings).where(eq(storeSettings.key, KEY));
    return made!.value;
  }

  async function rotate({ actor }: { actor: string }): Promise<string> {
    if (fixed) throw new AppError("conflict", "The feed token is set by FEED_TOKEN on the server: change it there");
    const token = newToken();
    await db.transaction(async (tx) => {
      await tx.insert(storeSettings).values({ key: KEY, value: token, updatedAt: now() }).onConflictDoUpdate({ target: storeSettings.key, set: { value: token, updatedAt: now() } });
      // The token itself is a secret: the log says that it changed, not what to.
      await recordAudit(tx, { actor, entity: "setting", entityId: KEY, action: "rotate" }, now());
    });
    return token;
  }

  return { current, rotate, rotatable: !fixed };
}
