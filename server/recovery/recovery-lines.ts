import { and, asc, eq, sql } from "drizzle-orm";
import { firstPhotoSql } from "../catalog/product-photos";
import type { Database } from "../db/client";
import { cartItems, orderItems, products, variants } from "../db/schema";

/** A line of a left checkout as it is now: today's price, what is left, and the price the checkout showed. */
export interface RecoveryLine {
  variantId: number;
  productId: number;
  name: string;
  color: string;
  size: string;
  quantity: number;
  unitPriceCents: number;
  /** Units on sale now (0 for a product no longer active). */
  available: number;
  /** The unit price at checkout, when the line was in it. */
  checkoutPriceCents: number | null;
  photo: { key: string; widths: number[] } | null;
}

/** The cart's lines now, each beside the price the abandoned checkout's order showed for it. */
export async function loadRecoveryLines(db: Database, { cartId, orderId }: { cartId: string; orderId: string }): Promise<RecoveryLine[]> {
  return db
    .select({
      variantId: variants.id,
      productId: products.id,
      name: products.name,
      color: variants.color,
      size: variants.size,
      quantity: cartItems.quantity,
      unitPriceCents: variants.priceCents,
      available: sql<number>`case when ${products.status} = 'active' then greatest(${variants.onHand} - ${variants.reserved}, 0) else 0 end`.mapWith(Number),
      checkoutPriceCents: orderItems.unitPriceCents,
      photo: sql<{ key: string; widths: number[] } | null>`${firstPhotoSql(sql`${products.id}`, sql`${variants.color}`)}`,
    })
    .from(cartItems)
    .innerJoin(variants, eq(variants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .leftJoin(orderItems, and(eq(orderItems.orderId, orderId), eq(orderItems.variantId, variants.id)))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.id));
}
