import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { type CartOwner, ownerCondition } from "../../cart/cart-owner";

/** The products in the owner's cart (one small read; the gate asks only while some drop refuses someone). */
export async function cartProductIds({ db, owner }: { db: Database; owner: CartOwner }): Promise<number[]> {
  const condition = ownerCondition(owner);
  if (!condition) return [];
  const rows = rowsOf<{ productId: number }>(
    await db.execute(sql`select distinct v.product_id as "productId" from cart_items i join variants v on v.id = i.variant_id
      where i.cart_id = (select id from carts where ${condition})`),
  );
  return rows.map((r) => Number(r.productId));
}

/** One line of the owner's cart: its product and quantity, or null when the owner has no such line. */
export async function cartLine({ db, owner, itemId }: { db: Database; owner: CartOwner; itemId: number }): Promise<{ productId: number; quantity: number } | null> {
  const condition = ownerCondition(owner);
  if (!condition) return null;
  const [row] = rowsOf<{ productId: number; quantity: number }>(
    await db.execute(sql`select v.product_id as "productId", i.quantity from cart_items i join variants v on v.id = i.variant_id
      where i.id = ${itemId} and i.cart_id = (select id from carts where ${condition})`),
  );
  return row ? { productId: Number(row.productId), quantity: Number(row.quantity) } : null;
}
