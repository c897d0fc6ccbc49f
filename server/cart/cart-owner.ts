import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client";
import { carts } from "../db/schema";
import { hashCartToken, isWellFormedCartToken, newCartToken } from "./cart-token";

/** Whose cart: a signed-in shopper's (by user id) or an anonymous browser's (by its cart cookie). */
export interface CartOwner {
  userId: string | null;
  cartToken: string | null;
}

export const anonymous = (cartToken: string | null = null): CartOwner => ({ userId: null, cartToken });

/** The owner's cart id, or null when there is none yet. A user's cart is never reachable by a cookie token. */
export async function findCartId(db: Database, owner: CartOwner): Promise<string | null> {
  if (owner.userId) {
    const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, owner.userId));
    return row?.id ?? null;
  }
  if (!owner.cartToken || !isWellFormedCartToken(owner.cartToken)) return null;
  const [row] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.tokenHash, hashCartToken(owner.cartToken)), isNull(carts.userId)));
  return row?.id ?? null;
}

/** Creates the owner's cart; `issuedToken` is the cookie value an anonymous browser must now keep. */
export async function createCart(db: Database, owner: CartOwner): Promise<{ cartId: string; issuedToken?: string }> {
  const token = newCartToken();
  const [created] = await db.insert(carts).values({ tokenHash: hashCartToken(token), userId: owner.userId }).returning({ id: carts.id });
  return owner.userId ? { cartId: created!.id } : { cartId: created!.id, issuedToken: token };
}
