/**
 * Drops (issue 48, decision 0049): "which drop is this product in, and what phase is it in at this instant?" has one
 * answer, here. The storefront, the feed, the sitemap, alerts and emails ask it; none of them names a drop.
 * Pure code: the pages and the server share it (DESIGN §9).
 */

/** A drop as a product carries it (ISO times): enough for the pre-order label, ship date, countdown and hype meter. */
export interface ProductDrop {
  id: number;
  slug: string;
  name: string;
  announceAt: string;
  earlyAccessAt: string | null;
  opensAt: string;
  preorderClosesAt: string;
  shipsAt: string;
  freeShipping: boolean;
  limitedQuantities: boolean;
}

/**
 * Where a drop is at an instant:
 * - `scheduled`: before announceAt; nothing is shown;
 * - `announced`: the page and products are shown with a countdown, nothing can be bought;
 * - `early`: holders of an early-access pass may buy;
 * - `open`: everyone may buy (through the waiting room when it has one);
 * - `closed`: pre-orders have closed.
 */
export type DropPhase = "scheduled" | "announced" | "early" | "open" | "closed";

type Times = { announceAt: string | Date; earlyAccessAt: string | Date | null; opensAt: string | Date; preorderClosesAt: string | Date };
const ms = (t: string | Date) => (typeof t === "string" ? Date.parse(t) : t.getTime());

export function dropPhase(drop: Times, now: Date | number): DropPhase {
  const t = typeof now === "number" ? now : now.getTime();
  if (t >= ms(drop.preorderClosesAt)) return "closed";
  if (t >= ms(drop.opensAt)) return "open";
  if (drop.earlyAccessAt !== null && t >= ms(drop.earlyAccessAt)) return "early";
  if (t >= ms(drop.announceAt)) return "announced";
  return "scheduled";
}

/** The next instant after `now` at which the drop's phase changes, or null once it has closed. */
export function nextPhaseChange(drop: Times, now: Date | number): Date | null {
  const t = typeof now === "number" ? now : now.getTime();
  const times = [drop.announceAt, drop.earlyAccessAt, drop.opensAt, drop.preorderClosesAt].filter((x) => x !== null).map(ms);
  const next = times.filter((x) => x > t).sort((a, b) => a - b)[0];
  return next === undefined ? null : new Date(next);
}

/**
 * The drop a product is in at `now`, of those it belongs to (a product is in at most one drop at a time; staff may
 * put it in a later one): the one whose window (announce to close) holds now, else the next to be announced, else the
 * last one that closed. Null when it is in none.
 */
export function currentDrop<D extends Times>(drops: readonly D[] | null | undefined, now: Date | number): D | null {
  if (!drops || drops.length === 0) return null;
  const t = typeof now === "number" ? now : now.getTime();
  const live = drops.find((d) => ms(d.announceAt) <= t && t < ms(d.preorderClosesAt));
  if (live) return live;
  const upcoming = drops.filter((d) => ms(d.announceAt) > t).sort((a, b) => ms(a.announceAt) - ms(b.announceAt))[0];
  return upcoming ?? [...drops].sort((a, b) => ms(b.preorderClosesAt) - ms(a.preorderClosesAt))[0]!;
}

/** Whether a shopper may put the drop's pieces in a cart or pay for them now (`early`: holding an early-access pass). */
export function dropSells(phase: DropPhase, { early }: { early: boolean }): boolean {
  return phase === "open" || (phase === "early" && early);
}

/** Whether the drop's pieces are shown (pages, listings' drop badges) at this phase. */
export const dropShown = (phase: DropPhase) => phase !== "scheduled";

const LONG = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" });

/** The 409 a shopper reads when a drop's piece can't be bought yet (or any more). */
export function dropClosedMessage(drop: Pick<ProductDrop, "name" | "opensAt" | "earlyAccessAt" | "preorderClosesAt">, phase: DropPhase): string {
  if (phase === "closed") return `Pre-orders for ${drop.name} closed on ${LONG.format(new Date(drop.preorderClosesAt))}.`;
  return `${drop.name} opens on ${LONG.format(new Date(drop.opensAt))}. It can't be bought before then.`;
}

/** The first drop, made by the seed from the VSOP collection (SPEC §1). */
export const FIRST_DROP = "vsop";

/** A drop's page: the first drop's is SPEC §2's /vsop (and /drops/vsop only a redirect to it), any other /drops/{slug}. */
export const dropPath = (slug: string) => (slug === FIRST_DROP ? "/vsop" : `/drops/${slug}`);

/**
 * Whether this browser holds a drop pass for the drop until a later instant: the script-readable hint set beside the
 * HttpOnly pass (server/http/cookies.ts setDropPassCookie). It only decides what a shared page shows; the server's gate
 * checks the pass itself.
 */
export function holdsDropPass(cookies: string, dropId: number, now: Date): boolean {
  const match = new RegExp(`(?:^|;\\s*)drop_pass_${dropId}_until=(\\d{1,15})`).exec(cookies);
  return match !== null && Number(match[1]) > now.getTime();
}
