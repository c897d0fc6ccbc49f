import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { storeSettings } from "../db/schema";

/**
 * A 256-bit secret the store makes on first use and keeps in store_settings under `name`, so every process signs and
 * checks alike (as the unsubscribe links' key). It never leaves the database; the answer is kept in memory.
 */
export function storeSecret(db: Database, name: string, now: () => Date): () => Promise<Buffer> {
  let cached: Promise<Buffer> | null = null;
  async function load(): Promise<Buffer> {
    const read = async () => (await db.select({ value: storeSettings.value }).from(storeSettings).where(eq(storeSettings.key, name)))[0]?.value;
    let stored = await read();
    if (!stored) {
      // Two processes starting at once: the first insert wins and both read it back.
      await db.insert(storeSettings).values({ key: name, value: randomBytes(32).toString("base64url"), updatedAt: now() }).onConflictDoNothing();
      stored = await read();
    }
    return Buffer.from(stored!, "base64url");
  }
  return () => {
    cached ??= load().catch((err: unknown) => {
      cached = null;
      throw err;
    });
    return cached;
  };
}
