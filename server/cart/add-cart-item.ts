import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import type { CartPricing } from "./cart-estimate";
import { cartItems } from "../db/schema";
import { AppError } from "../errors";
import { type CartOwner, findCartId, ownerCondition } from "./cart-owner";
import type { AddCartItemInput } from "./cart-schemas";
import { MAX_QUANTITY } from "./cart-schemas";
import { hashCartToken, newCartToken } from "./cart-token";
import type { Cart } from "./cart-types";
import { queryCartLines, selectCartLines, toCart } from "./read-cart";
import { assertAvailable, meansOnlyColor, resolveVariant } from "./resolve-variant";
import { GIFT_LINE_TAKEN } from "../gift-cards/gift-card-line";

/**
 * Adds a line, or raises the quantity of the line with the same product, colour and size (capped at 99), never
 * beyond what is available. Creates the cart on first add; `token` is set when the caller must hand a new cart
 * token to the browser.
 *
 * An add that succeeds is one SQL statement, for an existing cart and for a new one alike: that is what keeps
 * add-to-cart fast. When the statement adds nothing, a slower path finds out why (unknown product, colour or size, not
 * enough stock) and answers that; a new cart is only made together with its first line, so a refused add leaves
 * nothing behind.
 */
export async function addCartItem({ db, owner, item, pricing }: { db: Database; owner: CartOwner; item: AddCartItemInput; pricing: CartPricing }): Promise<{ cart: Cart; token?: string }> {
  const condition = ownerCondition(owner);
  // A second try, because the shopper's cart can appear in between: another request of theirs made it.
  for (let attempt = 0; attempt < 2; attempt++) {
    if (condition) {
      const rows = await queryCartLines(db, addLine(sql`select id from carts where ${condition}`, item));
      if (rows.length > 0) return { cart: await toCart(rows, pricing) };
    }
    if (!(await findCartId(db, owner))) {
      const token = newCartToken();
      const rows = await queryCartLines(db, addLine(newCart(owner, token, item), item));
      if (rows.length > 0) return { cart: await toCart(rows, pricing), token: owner.userId ? undefined : token };
    }
  }
  return refuse(db, await findCartId(db, owner), item);
}

/**
 * One statement: finds the variant and the cart, upserts the line only if the new quantity is available, touches the
 * cart and answers every line of the cart with the change applied. No rows means nothing was added.
 */
function addLine(cart: SQL, { productId, color, size, quantity }: AddCartItemInput): SQL {
  const sameColor = meansOnlyColor(color) ? sql`cardinality(p.colors) = 1` : sql`lower(v.color) = lower(${color})`;
  const wanted = sql`least(${quantity}::int, ${MAX_QUANTITY}::int)`;
  return sql`with variant as (
      select v.id, case when p.status = 'active' then v.on_hand - v.reserved else 0 end as available
      from variants v join products p on p.id = v.product_id
      where v.product_id = ${productId} and lower(v.size) = lower(${size}) and ${sameColor}
    ),
    cart as (${cart}),
    upserted as (
      insert into cart_items (cart_id, variant_id, quantity)
      select cart.id, variant.id, ${wanted} from cart, variant where ${wanted} <= variant.available
      on conflict (cart_id, variant_id) do update set quantity = least(cart_items.quantity + ${quantity}::int, ${MAX_QUANTITY}::int)
      where least(cart_items.quantity + ${quantity}::int, ${MAX_QUANTITY}::int) <= (select available from variant)
        and cart_items.gift_recipient_email is null and cart_items.gift_message is null and cart_items.gift_send_at is null
      returning id, cart_id, variant_id, quantity
    ),
    touched as (update carts set updated_at = now() where id in (select cart_id from upserted)),
    lines as (
      select id, variant_id, quantity from cart_items
      where cart_id = (select cart_id from upserted) and variant_id <> (select variant_id from upserted)
      union all
      select id, variant_id, quantity from upserted
    )
    ${selectCartLines(sql`lines`)}`;
}

/**
 * A new cart for `owner`, made only when the line it is made for fits (the `variant` CTE of addLine), so a refused
 * first add creates nothing. Two first adds of one account at once: the second makes no cart (`on conflict do
 * nothing`) and then, on its second try, adds to the first one's.
 */
function newCart(owner: CartOwner, token: string, { quantity }: AddCartItemInput): SQL {
  return sql`insert into carts (token_hash, user_id)
    select ${hashCartToken(token)}, ${owner.userId}::uuid where exists (select 1 from variant where least(${quantity}::int, ${MAX_QUANTITY}::int) <= available)
    on conflict do nothing
    returning id`;
}

/** Throws the 404, 400 or 409 that says why `item` cannot be added to the cart (null: to a new cart). */
async function refuse(db: Database, cartId: string | null, item: AddCartItemInput): Promise<never> {
  const variant = await resolveVariant(db, item);
  const [line] = cartId
    ? await db
        .select({ quantity: cartItems.quantity, recipient: cartItems.giftRecipientEmail, message: cartItems.giftMessage, sendAt: cartItems.giftSendAt })
        .from(cartItems)
        .where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, variant.id)))
    : [];
  // A gift card's line for a recipient (or with a note or date) is not merged with one for the buyer.
  if (line && (line.recipient !== null || line.message !== null || line.sendAt !== null)) throw new AppError("conflict", GIFT_LINE_TAKEN);
  assertAvailable(variant, Math.min(MAX_QUANTITY, (line?.quantity ?? 0) + item.quantity));
  // It fits now: stock or the cart changed between the statements.
  throw new AppError("conflict", `${variant.label} could not be added just now; please try again`);
}
