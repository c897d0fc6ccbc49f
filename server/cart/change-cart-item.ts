import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import type { CartPricing } from "./cart-estimate";
import { cartItems, carts, products, variants } from "../db/schema";
import { AppError } from "../errors";
import type { Cart } from "./cart-types";
import { type CartOwner, findCartId } from "./cart-owner";
import { emptyCart, readCart } from "./read-cart";
import { assertAvailable, variantLabel } from "./resolve-variant";

async function requireCartItem(db: Database, owner: CartOwner, itemId: number) {
  const cartId = await findCartId(db, owner);
  const [item] = cartId
    ? await db
        .select({
          id: cartItems.id,
          name: products.name,
          color: variants.color,
          size: variants.size,
          colors: products.colors,
          available: sql<number>`${variants.onHand} - ${variants.reserved}`,
        })
        .from(cartItems)
        .innerJoin(variants, eq(variants.id, cartItems.variantId))
        .innerJoin(products, eq(products.id, variants.productId))
        .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId)))
    : [];
  if (!cartId || !item) throw new AppError("not_found", `Cart item ${itemId} not found`);
  return { cartId, item };
}

/** PATCH: sets a line's quantity (1-99, never above what is available). */
export async function updateCartItem({ db, owner, itemId, quantity, pricing }: { db: Database; owner: CartOwner; itemId: number; quantity: number; pricing: CartPricing }): Promise<Cart> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const { cartId, item } = await requireCartItem(t, owner, itemId);
    assertAvailable({ id: item.id, available: item.available, label: variantLabel(item) }, quantity);
    await t.update(cartItems).set({ quantity }).where(eq(cartItems.id, item.id));
    await t.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.id, cartId));
    return readCart(t, cartId, pricing);
  });
}

/** DELETE one line. */
export async function removeCartItem({ db, owner, itemId, pricing }: { db: Database; owner: CartOwner; itemId: number; pricing: CartPricing }): Promise<Cart> {
  const { cartId } = await requireCartItem(db, owner, itemId);
  await db.delete(cartItems).where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId)));
  return readCart(db, cartId, pricing);
}

/** DELETE the whole cart's lines; a shopper without a cart gets an empty one. */
export async function clearCart({ db, owner, pricing }: { db: Database; owner: CartOwner; pricing: CartPricing }): Promise<Cart> {
  const cartId = await findCartId(db, owner);
  if (!cartId) return emptyCart(pricing);
  await db.delete(cartItems).where(eq(cartItems.cartId, cartId));
  return readCart(db, cartId, pricing);
}
