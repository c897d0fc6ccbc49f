import { and, eq, isNull, sql } from "drizzle-orm";
import { anonymous, findCartId } from "../cart/cart-owner";
import { MAX_QUANTITY } from "../cart/cart-schemas";
import type { Database } from "../db/client";
import { cartItems, carts, orders } from "../db/schema";

/**
 * At sign-in the browser's anonymous cart joins the account's cart (same lines add up, capped at 99), and orders
 * placed from it become the account's. The anonymous cart is then gone, so its cookie opens nothing.
 */
export async function mergeCartIntoAccount({ db, cartToken, userId }: { db: Database; cartToken: string | null; userId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const anonymousCart = await findCartId(t, anonymous(cartToken));
    if (!anonymousCart) return;
    await t.update(orders).set({ userId }).where(and(eq(orders.cartId, anonymousCart), isNull(orders.userId)));
    const accountCart = await findCartId(t, { userId, cartToken: null });
    if (!accountCart) {
      await t.update(carts).set({ userId, updatedAt: sql`now()` }).where(eq(carts.id, anonymousCart));
      return;
    }
    await t.execute(sql`
      insert into ${cartItems} (cart_id, variant_id, quantity)
      select ${accountCart}, variant_id, least(quantity, ${MAX_QUANTITY}) from ${cartItems} where cart_id = ${anonymousCart}
      on conflict (cart_id, variant_id) do update set quantity = least(${cartItems.quantity} + excluded.quantity, ${MAX_QUANTITY})`);
    await t.update(orders).set({ cartId: accountCart }).where(eq(orders.cartId, anonymousCart));
    await t.delete(carts).where(eq(carts.id, anonymousCart));
  });
}
