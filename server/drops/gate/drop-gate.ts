import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import { assertWithinLimits, type Limit, limits, recordAttempt } from "../../accounts/rate-limit";
import type { CartOwner } from "../../cart/cart-owner";
import { dropClosedMessage, dropPhase } from "../../../shared/drops";
import type { DropIndex, IndexedDrop } from "../drop-index";
import { passAdmits, readDropPass, signDropPass, type DropPass } from "../drop-pass";
import { cartLine, cartProductIds } from "./cart-products";
import { admittedPlace, joinLine, LOST_PLACE, placeInLine, type LinePlace } from "./drop-line";
import { createDropProof } from "./drop-proof";
import { assertDropsSell, dropRestricts, inOpeningHour, type PassTokens } from "./drops-sell";

/** Who is asking: for the per-address and per-account limits. */
export interface Asker {
  ip: string;
  userId: string | null;
}

const NO_DROP = "Drop not found";
const closedText = (drop: IndexedDrop, phase: Parameters<typeof dropClosedMessage>[1]) =>
  dropClosedMessage({ name: drop.name, opensAt: drop.opensAt.toISOString(), earlyAccessAt: drop.earlyAccessAt?.toISOString() ?? null, preorderClosesAt: drop.preorderClosesAt.toISOString() }, phase);

/**
 * The gate in front of a drop (issue 48, DESIGN §11): the clock's rule at add-to-cart and checkout, the waiting room,
 * and the proof of work that guards joining it and adding a drop's pieces in its opening hour.
 */
export function createDropGate({ db, now, index, passKey, altchaKey }: { db: Database; now: () => Date; index: DropIndex; passKey: () => Promise<Buffer>; altchaKey: () => Promise<Buffer> }) {
  const proof = createDropProof({ db, key: altchaKey });

  async function withinLimits(checks: Limit[]) {
    const at = now();
    await assertWithinLimits(db, checks, at);
    await recordAttempt(db, checks, at);
  }
  const askerLimits = (asker: Asker, ip: (ip: string) => Limit, account: (id: string) => Limit) => [ip(asker.ip), ...(asker.userId ? [account(asker.userId)] : [])];

  async function openDrop(slug: string): Promise<IndexedDrop> {
    const drop = await index.bySlug(slug);
    if (!drop) throw new AppError("not_found", NO_DROP);
    const phase = dropPhase(drop, now());
    if (phase !== "open") throw new AppError("conflict", closedText(drop, phase));
    // A drop without a line still asks for the browser check in its opening hour: its page's check gives a pass at once.
    if (drop.admitPerMinute === null && !inOpeningHour(drop, now())) throw new AppError("conflict", `${drop.name} has no line: add its pieces to your cart on their pages.`);
    return drop;
  }

  /** The pass a cookie holds for this drop, or null for a missing, forged or other drop's token. */
  async function passOf(drop: IndexedDrop, token: string | null): Promise<DropPass | null> {
    const pass = token ? readDropPass(await passKey(), token) : null;
    return pass && pass.dropId === drop.id ? pass : null;
  }

  return {
    /**
     * Before an add to the cart: the clock's rule for the product's drop, and in a drop's opening hour with no waiting
     * room in front, a solved challenge (`proof`, the X-Drop-Proof header) and the per-address and per-account limits.
     */
    async assertAddAllowed({ productId, passTokens, proof: given, asker }: { productId: number; passTokens: PassTokens; proof: string | null; asker: Asker }): Promise<void> {
      const found = await index.dropOf(productId);
      if (!found) return;
      const at = now();
      await assertDropsSell({ index, key: passKey, now: at, productIds: [productId], passTokens });
      if (!inOpeningHour(found.drop, at)) return;
      await withinLimits(askerLimits(asker, limits.dropAddIp, limits.dropAddAccount));
      // The line's pass was paid for with a solution when its holder joined; so was the pass a drop without a line gives
      // for its page's browser check.
      if (found.drop.admitPerMinute !== null) return;
      const token = passTokens(found.drop.id);
      const pass = token ? readDropPass(await passKey(), token) : null;
      if (pass && pass.dropId === found.drop.id && passAdmits(pass, at)) return;
      if (!given) throw new AppError("bad_request", `Adding pieces of ${found.drop.name} in its first hour needs the browser check on its page. Solve it there and try again.`);
      await proof.spend(await proof.verify({ dropId: found.drop.id, proof: given }));
    },

    /** Before a line's quantity rises: the clock's rule for its product (lowering it is always allowed). */
    async assertChangeAllowed({ owner, itemId, quantity, passTokens }: { owner: CartOwner; itemId: number; quantity: number; passTokens: PassTokens }): Promise<void> {
      if (!(await anyRestricts())) return;
      const line = await cartLine({ db, owner, itemId });
      if (!line || quantity <= line.quantity) return;
      await assertDropsSell({ index, key: passKey, now: now(), productIds: [line.productId], passTokens });
    },

    /**
     * Before a quote or a payment: every line's product may be bought now, including lines put in the cart before its
     * drop's phase changed. The cart is read only while some drop refuses someone.
     */
    async assertCartSells({ owner, passTokens }: { owner: CartOwner; passTokens: PassTokens }): Promise<void> {
      if (!(await anyRestricts())) return;
      await assertDropsSell({ index, key: passKey, now: now(), productIds: await cartProductIds({ db, owner }), passTokens });
    },

    /** A fresh challenge for a drop's line or opening-hour adds. */
    async challenge({ slug }: { slug: string }) {
      const drop = await index.bySlug(slug);
      if (!drop) throw new AppError("not_found", NO_DROP);
      return proof.challenge({ dropId: drop.id });
    },

    /**
     * Joins the drop's line with a solved challenge, or gives back the place a still valid pass holds (a refresh, a
     * second tab), so a visitor never holds two places. Returns the place and the signed token for the cookie.
     */
    async joinLine({ slug, proof: given, passToken, asker }: { slug: string; proof: string; passToken: string | null; asker: Asker }): Promise<{ place: LinePlace; token: string; maxAgeMs: number }> {
      const drop = await openDrop(slug);
      const at = now();
      const held = await passOf(drop, passToken);
      if (held && at < held.expiresAt) return { place: await placeInLine({ db, pass: held, now: at }), token: passToken!, maxAgeMs: held.expiresAt.getTime() - at.getTime() };
      // An unsolved check is refused before any query; a solved one counts against the address and the account.
      const solved = await proof.verify({ dropId: drop.id, proof: given });
      await withinLimits(askerLimits(asker, limits.dropLineIp, limits.dropLineAccount));
      await proof.spend(solved);
      const pass = await joinLine({ db, drop, now: at });
      // Let in at once (the line is shorter than its rate): nobody is ahead, and the pass's row was just written.
      const place = pass.admitAt <= at ? admittedPlace(pass) : await placeInLine({ db, pass, now: at });
      return { place, token: signDropPass(await passKey(), pass), maxAgeMs: pass.expiresAt.getTime() - at.getTime() };
    },

    /** Where the cookie's pass stands: 404 for a missing, forged or other drop's token, 409 once its time ran out. */
    async readLine({ slug, passToken }: { slug: string; passToken: string | null }): Promise<LinePlace> {
      const drop = await index.bySlug(slug);
      if (!drop) throw new AppError("not_found", NO_DROP);
      const pass = await passOf(drop, passToken);
      if (!pass) throw new AppError("not_found", LOST_PLACE);
      const at = now();
      if (at >= pass.expiresAt) throw new AppError("conflict", "Your time to check out has run out; join the line again.");
      return placeInLine({ db, pass, now: at });
    },
  };

  /** Whether any drop refuses someone at this instant (else no cart needs reading). */
  async function anyRestricts(): Promise<boolean> {
    const at = now();
    return (await index.list()).some((d) => dropRestricts(d, dropPhase(d, at)));
  }
}

export type DropGate = ReturnType<typeof createDropGate>;
