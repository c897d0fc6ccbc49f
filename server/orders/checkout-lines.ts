import { createHash } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { firstPhotoSql } from "../catalog/product-photos";
import { dropShipsFreeSql } from "../drops/product-drops-sql";
import type { Database } from "../db/client";
import { cartItems, products, variants } from "../db/schema";
import type { Discount } from "./discount";

export interface CheckoutLine {
  variantId: number;
  productId: number;
  name: string;
  garment: string;
  color: string;
  size: string;
  unitPriceCents: number;
  quantity: number;
  /** The product's collection, for codes limited to some collections. */
  collectionId: number;
  /** The colour's first staff photo, if any: the order line's picture. */
  photo: { key: string; widths: number[] } | null;
  /** What the product is taxed as (null: the default category) and one unit's weight (null: unknown). */
  taxCategoryId: number | null;
  weightGrams: number | null;
  /** A pre-order piece of a drop that ships its pre-orders free: an order of these alone ships free (server/pricing/preorder-shipping.ts). */
  freePreorderShipping: boolean;
  /** A gift card bought, with who it is for, the buyer's note and the day it is emailed (server/gift-cards). */
  giftCard: boolean;
  giftRecipientEmail: string | null;
  giftMessage: string | null;
  giftSendAt: Date | null;
}

/** The cart's lines at today's prices: what an order is made from. */
export async function loadCheckoutLines(db: Database, cartId: string): Promise<CheckoutLine[]> {
  return db
    .select({
      variantId: variants.id,
      productId: products.id,
      name: products.name,
      garment: products.garment,
      color: variants.color,
      size: variants.size,
      unitPriceCents: variants.priceCents,
      quantity: cartItems.quantity,
      collectionId: products.categoryId,
      photo: sql<{ key: string; widths: number[] } | null>`${firstPhotoSql(sql`${products.id}`, sql`${variants.color}`)}`,
      taxCategoryId: products.taxCategoryId,
      weightGrams: variants.weightGrams,
      freePreorderShipping: sql<boolean>`${products.preorder} and ${dropShipsFreeSql(sql`${products.id}`)}`,
      giftCard: products.giftCard,
      giftRecipientEmail: cartItems.giftRecipientEmail,
      giftMessage: cartItems.giftMessage,
      giftSendAt: cartItems.giftSendAt,
    })
    .from(cartItems)
    .innerJoin(variants, eq(variants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.id));
}

/**
 * Same lines, prices, discount, destination, shipping rate and tax lines (who charged what, where) → same fingerprint:
 * a retried checkout reuses its order and payment. Anything that changes what the order would store makes a new one.
 */
export function fingerprintCheckout(lines: CheckoutLine[], discount: Discount | null, charged: unknown): string {
  const gift = (l: CheckoutLine) => (l.giftCard ? `:${l.giftRecipientEmail ?? ""}:${l.giftSendAt?.toISOString() ?? ""}:${l.giftMessage ?? ""}` : "");
  const key = lines.map((l) => `${l.variantId}x${l.quantity}@${l.unitPriceCents}${gift(l)}`).sort().join(",");
  const code = discount ? `${discount.code}:${JSON.stringify(discount.rule)}` : "";
  return createHash("sha256").update(`${key}|${code}|${JSON.stringify(charged)}`).digest("base64url");
}
