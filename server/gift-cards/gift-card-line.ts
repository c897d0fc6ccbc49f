import { and, eq } from "drizzle-orm";
import { addDays, todayIn } from "../../shared/calendar-days";
import { type CartOwner, findCartId } from "../cart/cart-owner";
import type { CartPricing } from "../cart/cart-estimate";
import type { AddCartItemInput, GiftCardLineInput } from "../cart/cart-schemas";
import { MAX_QUANTITY } from "../cart/cart-schemas";
import { hashCartToken, newCartToken } from "../cart/cart-token";
import type { Cart } from "../cart/cart-types";
import { readCart } from "../cart/read-cart";
import { assertAvailable, resolveVariant } from "../cart/resolve-variant";
import type { Database } from "../db/client";
import { cartItems, carts, products } from "../db/schema";
import { AppError } from "../errors";

/** The hour, where the store is, at which a card chosen for a later day is emailed. */
const SEND_HOUR = 9;
const LATEST_SEND_DAYS = 365;

export const GIFT_LINE_TAKEN = "Your cart already has this gift card amount for someone else (or with another note or date). Check it out first, or remove it, to add one for someone else.";

/** The instant `hour`:00 on `day` (YYYY-MM-DD) is in `timeZone`. */
export function localHourToInstant(day: string, hour: number, timeZone: string): Date {
  const guess = Date.parse(`${day}T${String(hour).padStart(2, "0")}:00:00Z`);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" })
      .formatToParts(new Date(guess))
      .map((p) => [p.type, Number(p.value)]),
  );
  const seenThere = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return new Date(guess - (seenThere - guess));
}

/** When the card goes out: null for today or no date (once paid), else 9:00 on that day where the store is. */
export function giftSendAt(sendOn: string | undefined, timeZone: string, now: Date): Date | null {
  if (!sendOn) return null;
  const today = todayIn(timeZone, now);
  if (sendOn < today) throw new AppError("bad_request", "Invalid cart item: giftCard.sendOn can't be in the past");
  if (sendOn > addDays(today, LATEST_SEND_DAYS)) throw new AppError("bad_request", "Invalid cart item: giftCard.sendOn must be within a year");
  return sendOn === today ? null : localHourToInstant(sendOn, SEND_HOUR, timeZone);
}

function giftColumns(input: GiftCardLineInput, sendAt: Date | null) {
  return { giftRecipientEmail: input.recipientEmail?.toLowerCase() ?? null, giftMessage: input.message || null, giftSendAt: sendAt };
}

const sameGift = (a: ReturnType<typeof giftColumns>, b: ReturnType<typeof giftColumns>) =>
  a.giftRecipientEmail === b.giftRecipientEmail && a.giftMessage === b.giftMessage && (a.giftSendAt?.getTime() ?? null) === (b.giftSendAt?.getTime() ?? null);

/**
 * POST /api/cart/items with `giftCard`: a gift card's line with its recipient, note and send day. Adding the same
 * amount for the same recipient raises the quantity; for someone else it is refused (409): a line is one recipient.
 */
export async function addGiftCardLine({ db, owner, item, pricing, timeZone, now }: { db: Database; owner: CartOwner; item: AddCartItemInput & { giftCard: GiftCardLineInput }; pricing: CartPricing; timeZone: () => Promise<string>; now: () => Date }): Promise<{ cart: Cart; token?: string }> {
  const variant = await resolveVariant(db, item);
  const [product] = await db.select({ giftCard: products.giftCard }).from(products).where(eq(products.id, item.productId));
  if (!product?.giftCard) throw new AppError("bad_request", "Invalid cart item: only a gift card takes a recipient, a message or a send date");
  const gift = giftColumns(item.giftCard, giftSendAt(item.giftCard.sendOn, await timeZone(), now()));
  let token: string | undefined;
  const cartId = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    let id = await findCartId(t, owner);
    if (!id) {
      token = newCartToken();
      const [made] = await t.insert(carts).values({ tokenHash: hashCartToken(token), userId: owner.userId }).onConflictDoNothing().returning({ id: carts.id });
      id = made?.id ?? (await findCartId(t, owner));
      if (!id) throw new AppError("conflict", "Your cart could not be made just now; please try again");
    }
    await t.select({ id: carts.id }).from(carts).where(eq(carts.id, id)).for("update");
    const [line] = await t.select().from(cartItems).where(and(eq(cartItems.cartId, id), eq(cartItems.variantId, variant.id)));
    if (line && !sameGift(gift, line)) throw new AppError("conflict", GIFT_LINE_TAKEN);
    const quantity = Math.min(MAX_QUANTITY, (line?.quantity ?? 0) + item.quantity);
    assertAvailable(variant, quantity);
    if (line) await t.update(cartItems).set({ quantity }).where(eq(cartItems.id, line.id));
    else await t.insert(cartItems).values({ cartId: id, variantId: variant.id, quantity, ...gift });
    await t.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, id));
    return id;
  });
  return { cart: await readCart(db, cartId, pricing), token: owner.userId ? undefined : token };
}
