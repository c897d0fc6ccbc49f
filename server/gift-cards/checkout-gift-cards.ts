import { and, asc, eq } from "drizzle-orm";
import { assertWithinLimits, limits, recordAttempt } from "../accounts/rate-limit";
import { type CartOwner, findCartId } from "../cart/cart-owner";
import type { Database } from "../db/client";
import { cartGiftCards, giftCards } from "../db/schema";
import { AppError } from "../errors";
import { hashGiftCardCode } from "./gift-card-code";
import { giftCardBalances, isSpendable } from "./gift-card-ledger";

/** The one answer for a disabled, spent, expired or unknown code: it must not tell which (issue 51). */
export const GIFT_CARD_REFUSED = "That gift card code can't be used. Check the code and try again.";
const NO_CART = "Add something to your cart before adding a gift card.";
const MAX_CARDS = 5;

type Deps = { db: Database; now: () => Date; owner: CartOwner };

/**
 * POST /api/checkout/gift-cards: puts a card on the shopper's checkout. Only a reference to the card is kept with the
 * cart, never the code. A code that can't be used counts against the address's limit, as a wrong password does.
 */
export async function addCheckoutGiftCard({ db, now, owner, code, ip }: Deps & { code: string; ip: string }) {
  const checks = [limits.giftCardIp(ip)];
  await assertWithinLimits(db, checks, now());
  const cartId = await findCartId(db, owner);
  if (!cartId) throw new AppError("bad_request", NO_CART);
  const [card] = await db.select().from(giftCards).where(eq(giftCards.codeHash, hashGiftCardCode(code)));
  const balance = card ? (await giftCardBalances(db, [card.id])).get(card.id)! : 0;
  if (!card || !isSpendable(card, now()) || balance <= 0) {
    await recordAttempt(db, checks, now());
    throw new AppError("bad_request", GIFT_CARD_REFUSED);
  }
  const applied = await checkoutGiftCards(db, cartId, now(), { all: true });
  if (!applied.some((c) => c.id === card.id)) {
    if (applied.some((c) => c.last4 === card.last4)) throw new AppError("conflict", `A gift card ending in ${card.last4} is already applied. Remove it to use this one.`);
    if (applied.length >= MAX_CARDS) throw new AppError("conflict", `Up to ${MAX_CARDS} gift cards can pay for one order.`);
    // Cards pay in the order they were added: a card added in the same instant as the last one still comes after it.
    const addedAt = new Date(Math.max(now().getTime(), (applied.at(-1)?.addedAt.getTime() ?? 0) + 1));
    await db.insert(cartGiftCards).values({ cartId, giftCardId: card.id, addedAt }).onConflictDoNothing();
  }
  return { giftCards: (await checkoutGiftCards(db, cartId, now())).map(({ last4, balanceCents }) => ({ last4, balanceCents })) };
}

/** DELETE /api/checkout/gift-cards/{last4}: takes the card ending in those 4 off the checkout. */
export async function removeCheckoutGiftCard({ db, now, owner, last4 }: Deps & { last4: string }) {
  const cartId = await findCartId(db, owner);
  const applied = cartId ? await checkoutGiftCards(db, cartId, now(), { all: true }) : [];
  const card = applied.find((c) => c.last4 === last4);
  if (!cartId || !card) throw new AppError("not_found", `No gift card ending in ${last4} is applied`);
  await db.delete(cartGiftCards).where(and(eq(cartGiftCards.cartId, cartId), eq(cartGiftCards.giftCardId, card.id)));
  return { giftCards: (await checkoutGiftCards(db, cartId, now())).map(({ last4: l, balanceCents }) => ({ last4: l, balanceCents })) };
}

/**
 * The cards on a cart, in the order they were added, with their balances: the spendable ones (what pays), or with
 * `all` every one (a card disabled after it was added can still be removed).
 */
export async function checkoutGiftCards(db: Pick<Database, "select">, cartId: string, now: Date, { all = false } = {}) {
  const rows = await db
    .select({ id: giftCards.id, last4: giftCards.last4, status: giftCards.status, expiresAt: giftCards.expiresAt, addedAt: cartGiftCards.addedAt })
    .from(cartGiftCards)
    .innerJoin(giftCards, eq(giftCards.id, cartGiftCards.giftCardId))
    .where(eq(cartGiftCards.cartId, cartId))
    .orderBy(asc(cartGiftCards.addedAt), asc(giftCards.id));
  const balances = await giftCardBalances(db, rows.map((r) => r.id));
  // A card on a cart was added by its code, so it has one (a bought card has none only until its email goes out).
  return rows.filter((r) => all || isSpendable(r, now)).map((r) => ({ id: r.id, last4: r.last4 ?? "", balanceCents: balances.get(r.id)!, addedAt: r.addedAt }));
}
