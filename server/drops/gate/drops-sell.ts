import { AppError } from "../../errors";
import { dropClosedMessage, dropSells, type DropPhase } from "../../../shared/drops";
import type { DropIndex, IndexedDrop } from "../drop-index";
import { passAdmits, readDropPass, type DropPass } from "../drop-pass";

/** The pass cookie a request holds for a drop, or null (the router reads cookie `dropPassCookie(dropId)`). */
export type PassTokens = (dropId: number) => string | null;

const HOUR_MS = 3_600_000;

/**
 * The drop's opening hour, when an add of its pieces must carry a solved challenge (issue 48) unless the waiting room
 * stands in front of it. Only for a drop announced before it opened: that countdown is what gathers the crowd and the
 * scripts at one second; a drop that opens the moment it is announced (VSOP's seeded row) has no such second.
 */
export function inOpeningHour(drop: IndexedDrop, now: Date): boolean {
  const end = openingHourEnd(drop);
  return end !== null && drop.opensAt <= now && now < end;
}

/** When a drop's opening hour of browser checks ends (at the latest its close), or null for a drop without one. */
export function openingHourEnd(drop: Pick<IndexedDrop, "announceAt" | "opensAt" | "preorderClosesAt">): Date | null {
  const opens = drop.opensAt.getTime();
  if (drop.announceAt.getTime() >= opens) return null;
  return new Date(Math.min(opens + HOUR_MS, drop.preorderClosesAt.getTime()));
}

/** Whether a drop refuses some shopper at `now` (so a cart must be read to know whether it holds its pieces). */
export const dropRestricts = (drop: IndexedDrop, phase: DropPhase) => phase !== "open" || drop.admitPerMinute !== null;

/**
 * Why this visitor may not buy the drop's pieces now, or null when they may (the clock's rule, DESIGN §11):
 * - announced (or not yet announced) and closed: nobody;
 * - early: holders of an admitted early-access pass;
 * - open: everyone, except that a drop with a waiting room asks for an admitted, unexpired pass (line or early).
 */
export function dropRefusal(drop: IndexedDrop, phase: DropPhase, pass: DropPass | null, now: Date): string | null {
  const held = pass && pass.dropId === drop.id ? pass : null;
  const admits = held !== null && passAdmits(held, now);
  if (phase === "open" && drop.admitPerMinute !== null) {
    if (admits) return null;
    if (!held) return `Join the line for ${drop.name} on its page first.`;
    if (now >= held.expiresAt) return `Your time to check out for ${drop.name} has run out; join the line again.`;
    return `It isn't your turn in the line for ${drop.name} yet. Keep its page open: it shows your place.`;
  }
  if (dropSells(phase, { early: admits && held.kind === "early" })) return null;
  return dropClosedMessage({ name: drop.name, opensAt: drop.opensAt.toISOString(), earlyAccessAt: drop.earlyAccessAt?.toISOString() ?? null, preorderClosesAt: drop.preorderClosesAt.toISOString() }, phase);
}

/**
 * A 409 naming the drop and when it opens unless every product may be bought by this visitor now. A product in no
 * drop costs nothing (the index is in memory); a pass costs one HMAC.
 */
export async function assertDropsSell({ index, key, now, productIds, passTokens }: { index: DropIndex; key: () => Promise<Buffer>; now: Date; productIds: Iterable<number>; passTokens: PassTokens }): Promise<void> {
  for (const productId of new Set(productIds)) {
    const found = await index.dropOf(productId);
    if (!found) continue;
    const token = passTokens(found.drop.id);
    const pass = token ? readDropPass(await key(), token) : null;
    const refusal = dropRefusal(found.drop, found.phase, pass, now);
    if (refusal) throw new AppError("conflict", refusal);
  }
}
