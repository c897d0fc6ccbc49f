import { eq, sql } from "drizzle-orm";
import type { Viewer } from "../../shared/viewer";
import type { User } from "../accounts/user-types";
import { type CartOwner, ownerCondition } from "../cart/cart-owner";
import type { Database } from "../db/client";
import { cartItems, carts, favorites } from "../db/schema";

/**
 * What the server stitches into a shared page for one visitor (decision 0034): the cart's item count (the same sum as
 * the cart's `itemCount`) and the favourite product ids, one small query each, run while the page is found or rendered.
 */
export function createViewerService({ db }: { db: Database }) {
  async function cartCount(owner: CartOwner): Promise<number> {
    const condition = ownerCondition(owner);
    if (!condition) return 0;
    const [row] = await db
      .select({ n: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
      .from(cartItems)
      .where(sql`${cartItems.cartId} = (select ${carts.id} from ${carts} where ${condition})`);
    return Number(row?.n ?? 0);
  }

  async function favoriteIds(userId: string): Promise<number[]> {
    const rows = await db.select({ id: favorites.productId }).from(favorites).where(eq(favorites.userId, userId));
    return rows.map((r) => r.id);
  }

  return {
    async getViewer({ owner, user }: { owner: CartOwner; user: User | null }): Promise<Viewer<User>> {
      const [count, ids] = await Promise.all([cartCount(owner), user ? favoriteIds(user.id) : []]);
      return { user, cartCount: count, favoriteIds: ids };
    },
  };
}
