import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { storeSettings } from "../db/schema";

/**
 * What a link unsubscribes from: a back-in-stock alert (`a`, by alert id), the newsletter (`n`, by subscriber id) or
 * marketing mail such as checkout recovery (`r`, by the recovery email's id, issue 31).
 */
export type UnsubscribeKind = "alert" | "newsletter" | "recovery";
export interface UnsubscribeTarget {
  kind: UnsubscribeKind;
  id: number;
}

const KEY = "unsubscribe_key";
const LETTER: Record<UnsubscribeKind, string> = { alert: "a", newsletter: "n", recovery: "r" };
const KIND: Record<string, UnsubscribeKind> = { a: "alert", n: "newsletter", r: "recovery" };
const TOKEN = /^([anr])([1-9]\d{0,9})-([A-Za-z0-9_-]{43})$/;

/**
 * Unsubscribe links must keep working for months (CAN-SPAM: at least 30 days after sending), so they are not stored:
 * each is signed, an HMAC-SHA256 over (kind, id) with a key the store makes on first use and keeps in store_settings
 * (like the feed token), so every app instance signs and checks alike. The key never leaves the database.
 */
export function unsubscribeLinks({ db, storeUrl, now }: { db: Database; storeUrl: string; now: () => Date }) {
  let cached: Buffer | null = null;

  async function key(): Promise<Buffer> {
    if (cached) return cached;
    const read = async () => (await db.select({ value: storeSettings.value }).from(storeSettings).where(eq(storeSettings.key, KEY)))[0]?.value;
    let stored = await read();
    if (!stored) {
      // Two instances starting at once: the first insert wins and both read it back.
      await db.insert(storeSettings).values({ key: KEY, value: randomBytes(32).toString("base64url"), updatedAt: now() }).onConflictDoNothing();
      stored = await read();
    }
    cached = Buffer.from(stored!, "base64url");
    return cached;
  }

  const sign = async ({ kind, id }: UnsubscribeTarget) => createHmac("sha256", await key()).update(`unsubscribe:${kind}:${id}`).digest();

  /** The token for one subscription: `a123-<signature>`. */
  async function tokenFor(target: UnsubscribeTarget): Promise<string> {
    return `${LETTER[target.kind]}${target.id}-${(await sign(target)).toString("base64url")}`;
  }

  return {
    tokenFor,
    /** The page a person opens (GET shows a confirm button) and the address mail clients POST to (RFC 8058). */
    urlFor: async (target: UnsubscribeTarget) => `${storeUrl}/unsubscribe/${await tokenFor(target)}`,
    /** What a token unsubscribes from, or null for anything not signed by this store. */
    async verify(token: string): Promise<UnsubscribeTarget | null> {
      const match = TOKEN.exec(token);
      if (!match) return null;
      const target: UnsubscribeTarget = { kind: KIND[match[1]!]!, id: Number(match[2]) };
      const given = Buffer.from(match[3]!, "base64url");
      const expected = await sign(target);
      return given.length === expected.length && timingSafeEqual(given, expected) ? target : null;
    },
  };
}

export type UnsubscribeLinks = ReturnType<typeof unsubscribeLinks>;
