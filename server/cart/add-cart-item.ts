import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { cartItems } from "../db/schema";
import { AppError } from "../errors";
import { type CartOwner, cartWithId, createCart, findCartId, ownerCondition } from "./cart-owner";
import type { AddCartItemInput } from "./cart-schemas";
import { MAX_QUANTITY } from "./cart-schemas";
import type { Cart } from "./cart-types";
import { queryCartLines, selectCartLines, toCart } from "./read-cart";
import { assertAvailable, meansOnlyColor, resolveVariant } from "./resolve-variant";

/**
 * Adds a line, or raises the quantity of the line with the same product, colour and size (capped at 99), never
 * beyond what is available. Creates the cart on first add; `token` is set when the caller must hand a new cart
 * token to the browser.
 *
 * The common case, an existing cart and a valid line, is one SQL statement: that is what keeps add-to-cart fast.
 * When it adds nothing, a slower path finds out why (unknown product, colour or size, not enough stock) or creates
 * the missing cart, in a transaction, so a refused add never leaves a new cart behind.
 */
export async function addCartItem({ db, owner, item }: { db: Database; owner: CartOwner; item: AddCartItemInput }): Promise<{ cart: Cart; token?: string }> {
  const condition = ownerCondition(owner);
  if (condition) {
    const rows = await queryCartLines(db, addLine(condition, item));
    if (rows.length > 0) return { cart: toCart(rows) };
  }
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const existing = await findCartId(t, owner);
    const { cartId, issuedToken } = existing ? { cartId: existing, issuedToken: undefined } : await createCart(t, owner);
    await explainRefusal(t, cartId, item);
    // Nothing to refuse: the cart was new, or stock changed between the two statements. Try once more.
    const rows = await queryCartLines(t, addLine(cartWithId(cartId), item));
    if (rows.length === 0) throw new AppError("conflict", "Stock changed while adding this item; please try again");
    return { cart: toCart(rows), token: issuedToken };
  });
}

/**
 * One statement: finds the cart and the variant, upserts the line only if the new quantity is available, touches the
 * cart and answers every line of the cart with the change applied. No rows means nothing was added.
 */
function addLine(cart: SQL, { productId, color, size, quantity }: AddCartItemInput): SQL {
  const sameColor = meansOnlyColor(color) ? sql`cardinality(p.colors) = 1` : sql`lower(v.color) = lower(${color})`;
  return sql`with cart as (select id from carts where ${cart}),
    variant as (
      select v.id, v.on_hand - v.reserved as available
      from variants v join products p on p.id = v.product_id
      where v.product_id = ${productId} and lower(v.size) = lower(${size}) and ${sameColor}
    ),
    upserted as (
      insert into cart_items (cart_id, variant_id, quantity)
      select cart.id, variant.id, least(${quantity}::int, ${MAX_QUANTITY}::int) from cart, variant
      where least(${quantity}::int, ${MAX_QUANTITY}::int) <= variant.available
      on conflict (cart_id, variant_id) do update set quantity = least(cart_items.quantity + ${quantity}::int, ${MAX_QUANTITY}::int)
      where least(cart_items.quantity + ${quantity}::int, ${MAX_QUANTITY}::int) <= (select available from variant)
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

/** Throws the 404, 400 or 409 that says why `item` cannot be added to the cart; returns when it can. */
async function explainRefusal(db: Database, cartId: string, item: AddCartItemInput): Promise<void> {
  const variant = await resolveVariant(db, item);
  const [line] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, variant.id)));
  assertAvailable(variant, Math.min(MAX_QUANTITY, (line?.quantity ?? 0) + item.quantity));
}
