import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { carts } from "../db/schema";
import { hashCartToken, isWellFormedCartToken } from "./cart-token";

/** Whose cart: a signed-in shopper's (by user id) or an anonymous browser's (by its cart cookie). */
export interface CartOwner {
  userId: string | null;
  cartToken: string | null;
}

export const anonymous = (cartToken: string | null = null): CartOwner => ({ userId: null, cartToken });

/**
 * The condition on `carts` that finds the owner's cart, or null when the owner cannot have one yet (no cookie, or a
 * forged one). A user's cart is never reachable by a cookie token.
 */
export function ownerCondition(owner: CartOwner): SQL | null {
  if (owner.userId) return eq(carts.userId, owner.userId) as SQL;
  if (!owner.cartToken || !isWellFormedCartToken(owner.cartToken)) return null;
  return and(eq(carts.tokenHash, hashCartToken(owner.cartToken)), isNull(carts.userId)) as SQL;
}

/** The owner's cart id, or null when there is none yet. */
export async function findCartId(db: Database, owner: CartOwner): Promise<string | null> {
  const condition = ownerCondition(owner);
  if (!condition) return null;
  const [row] = await db.select({ id: carts.id }).from(carts).where(condition);
  return row?.id ?? null;
}

/** `carts.id = …` as a condition, for callers that already know the cart. */
export const cartWithId = (cartId: string): SQL => sql`${carts.id} = ${cartId}`;
