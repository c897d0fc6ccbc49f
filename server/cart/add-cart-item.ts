import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { cartItems, carts } from "../db/schema";
import { type CartOwner, createCart, findCartId } from "./cart-owner";
import type { AddCartItemInput } from "./cart-schemas";
import { MAX_QUANTITY } from "./cart-schemas";
import type { Cart } from "./cart-types";
import { readCart } from "./read-cart";
import { assertAvailable, resolveVariant } from "./resolve-variant";

/**
 * Adds a line, or raises the quantity of the line with the same product, colour and size (capped at 99).
 * Creates the cart on first add; `token` is set when the caller must hand a new cart token to the browser.
 */
export async function addCartItem({
  db,
  owner,
  item,
}: {
  db: Database;
  owner: CartOwner;
  item: AddCartItemInput;
}): Promise<{ cart: Cart; token?: string }> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const variant = await resolveVariant(t, item);
    let cartId = await findCartId(t, owner);
    let issued: string | undefined;
    if (!cartId) ({ cartId, issuedToken: issued } = await createCart(t, owner));
    const [existing] = await t
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, variant.id)));
    const quantity = Math.min(MAX_QUANTITY, (existing?.quantity ?? 0) + item.quantity);
    assertAvailable(variant, quantity);
    await t
      .insert(cartItems)
      .values({ cartId, variantId: variant.id, quantity })
      .onConflictDoUpdate({ target: [cartItems.cartId, cartItems.variantId], set: { quantity } });
    await t.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.id, cartId));
    return { cart: await readCart(t, cartId), token: issued };
  });
}
