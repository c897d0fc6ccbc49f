import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { cartItems, categories, products, variants } from "../db/schema";
import { productImageUrl } from "../catalog/images/image-url";
import { toDollars } from "../catalog/product-json";
import { priceOrder, TAX_RATE_PERCENT } from "../pricing/price-order";
import { type CartOwner, findCartId } from "./cart-owner";
import type { Cart } from "./cart-types";

export const emptyCart = (): Cart => ({ items: [], itemCount: 0, subtotal: 0, discount: 0, shipping: 0, tax: 0, taxRatePercent: TAX_RATE_PERCENT, total: 0 });

/** The owner's cart; an unknown or missing one is an empty cart. */
export async function getCart({ db, owner }: { db: Database; owner: CartOwner }): Promise<Cart> {
  const cartId = await findCartId(db, owner);
  return cartId ? readCart(db, cartId) : emptyCart();
}

export async function readCart(db: Database, cartId: string): Promise<Cart> {
  const rows = await db
    .select({
      id: cartItems.id,
      quantity: cartItems.quantity,
      color: variants.color,
      size: variants.size,
      available: sql<number>`${variants.onHand} - ${variants.reserved}`,
      productId: products.id,
      name: products.name,
      priceCents: products.priceCents,
      garment: products.garment,
      preorder: products.preorder,
      category: categories.slug,
    })
    .from(cartItems)
    .innerJoin(variants, eq(variants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.id));
  const totals = priceOrder({ lines: rows.map((r) => ({ unitPriceCents: r.priceCents, quantity: r.quantity })) });
  return {
    items: rows.map((r) => ({
      id: r.id,
      productId: r.productId,
      product: {
        id: r.productId,
        name: r.name,
        price: toDollars(r.priceCents),
        image: productImageUrl(r.garment, r.color, "front"),
        category: r.category,
        preorder: r.preorder,
      },
      quantity: r.quantity,
      color: r.color,
      size: r.size,
      unitPrice: toDollars(r.priceCents),
      lineTotal: toDollars(r.priceCents * r.quantity),
      available: r.available,
    })),
    itemCount: rows.reduce((n, r) => n + r.quantity, 0),
    subtotal: toDollars(totals.subtotalCents),
    discount: toDollars(totals.discountCents),
    shipping: toDollars(totals.shippingCents),
    tax: toDollars(totals.taxCents),
    taxRatePercent: TAX_RATE_PERCENT,
    total: toDollars(totals.totalCents),
  };
}
