import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { storeSettings } from "../db/schema";

/**
 * A secret the store makes for itself on first use and keeps in store_settings (like the feed token and the
 * unsubscribe key, decision 0021), so every app instance signs and checks alike. It never leaves the database.
 */
export function storeKey({ db, name, now }: { db: Database; name: string; now: () => Date }): () => Promise<Buffer> {
  let cached: Buffer | null = null;
  return async () => {
    if (cached) return cached;
    const read = async () => (await db.select({ value: storeSettings.value }).from(storeSettings).where(eq(storeSettings.key, name)))[0]?.value;
    let stored = await read();
    if (!stored) {
      // Two instances starting at once: the first insert wins and both read it back.
      await db.insert(storeSettings).values({ key: name, value: randomBytes(32).toString("base64url"), updatedAt: now() }).onConflictDoNothing();
      stored = await read();
    }
    cached = Buffer.from(stored!, "base64url");
    return cached;
  };
}
