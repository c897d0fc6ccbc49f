import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client";
import { dropInvitations, dropPasses } from "../../db/schema";
import { AppError } from "../../errors";
import { dropPhase } from "../../../shared/drops";
import type { DropIndex } from "../drop-index";
import { type DropPass, dropPassCookie, signDropPass } from "../drop-pass";
import { hashToken } from "./invite-early-access";

export const NOT_VALID = "This early-access link is not valid.";
export const USED = "This early-access link has already been used.";
export const EXPIRED = "This early-access link has expired.";

/** A link's token: 32 random bytes, base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface Redeemed {
  message: string;
  drop: { name: string; slug: string };
  /** The signed early pass, for the cookie `name`, until `expiresAt`. */
  cookie: { name: string; value: string; expiresAt: Date };
}

/**
 * POST /api/drops/{slug}/early-access: an emailed link's token, sent, unused, for this drop, while the drop is early
 * or open, becomes an early pass, once. The invitation is marked used and the pass written in one transaction, the
 * mark by one conditional UPDATE, so two clicks at once give one pass. The pass lets its holder buy from now until
 * the open, then `checkoutMinutes` more to finish (from now, when redeemed after the open).
 * A forged, used or expired link is refused with its own message and gives nothing.
 */
export async function redeemEarlyAccess({ db, now, index, passKey, slug, token }: { db: Database; now: () => Date; index: Pick<DropIndex, "bySlug">; passKey: () => Promise<Buffer>; slug: string; token: string }): Promise<Redeemed> {
  const drop = await index.bySlug(slug);
  if (!drop || !TOKEN.test(token)) throw new AppError("bad_request", NOT_VALID);
  const tokenHash = hashToken(token);
  const [invitation] = await db.select().from(dropInvitations).where(and(eq(dropInvitations.tokenHash, tokenHash), eq(dropInvitations.dropId, drop.id)));
  if (!invitation?.sentAt) throw new AppError("bad_request", NOT_VALID);
  const at = now();
  const phase = dropPhase(drop, at);
  if (phase !== "early" && phase !== "open") throw new AppError("conflict", EXPIRED);
  if (invitation.usedAt) throw new AppError("conflict", USED);

  const from = Math.max(at.getTime(), drop.opensAt.getTime());
  const expiresAt = new Date(from + drop.checkoutMinutes * 60_000);
  const pass = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(dropInvitations)
      .set({ usedAt: at })
      .where(and(eq(dropInvitations.id, invitation.id), isNull(dropInvitations.usedAt)))
      .returning({ id: dropInvitations.id });
    if (!used) throw new AppError("conflict", USED);
    const [row] = await tx.insert(dropPasses).values({ dropId: drop.id, kind: "early", joinedAt: at, admitAt: at, expiresAt, invitationId: invitation.id }).returning({ id: dropPasses.id });
    return { kind: "early", dropId: drop.id, passId: row!.id, admitAt: at, expiresAt } satisfies DropPass;
  });
  return {
    message: `You have early access to ${drop.name}`,
    drop: { name: drop.name, slug: drop.slug },
    cookie: { name: dropPassCookie(drop.id), value: signDropPass(await passKey(), pass), expiresAt },
  };
}
