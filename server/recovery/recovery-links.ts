import { createHmac, timingSafeEqual } from "node:crypto";
import type { Database } from "../db/client";
import { RECOVERY_LINK_DAYS } from "../../shared/recovery";
import { storeKey } from "../settings/store-key";

export interface RestoreLink {
  recoveryId: string;
  step: number;
  /** Seconds since the epoch after which the link no longer restores the cart. */
  expires: number;
}

const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([12])\.([1-9]\d{8,10})\.([A-Za-z0-9_-]{43})$/;

/**
 * The link in a recovery email that restores the cart on any device (issue 31): `{recovery}.{step}.{expires}.{HMAC}`,
 * an HMAC-SHA256 over the three with a key of the store's own (store_settings), checked in constant time. Not stored:
 * any instance checks it. It expires RECOVERY_LINK_DAYS after the email.
 */
export function recoveryLinks({ db, storeUrl, now }: { db: Database; storeUrl: string; now: () => Date }) {
  const key = storeKey({ db, name: "recovery_link_key", now });
  const sign = async ({ recoveryId, step, expires }: RestoreLink) => createHmac("sha256", await key()).update(`recover:${recoveryId}:${step}:${expires}`).digest();

  async function tokenFor(link: Omit<RestoreLink, "expires">): Promise<string> {
    const full = { ...link, expires: Math.floor(now().getTime() / 1000) + RECOVERY_LINK_DAYS * 86_400 };
    return `${full.recoveryId}.${full.step}.${full.expires}.${(await sign(full)).toString("base64url")}`;
  }

  return {
    tokenFor,
    urlFor: async (link: Omit<RestoreLink, "expires">) => `${storeUrl}/api/cart/restore/${await tokenFor(link)}`,
    /** What a token restores, or null for anything this store did not sign (its expiry is the caller's to check). */
    async verify(token: string): Promise<RestoreLink | null> {
      const match = TOKEN.exec(token);
      if (!match) return null;
      const link: RestoreLink = { recoveryId: match[1]!, step: Number(match[2]), expires: Number(match[3]) };
      const given = Buffer.from(match[4]!, "base64url");
      const expected = await sign(link);
      return given.length === expected.length && timingSafeEqual(given, expected) ? link : null;
    },
  };
}

export type RecoveryLinks = ReturnType<typeof recoveryLinks>;
