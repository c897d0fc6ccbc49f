import { createHash } from "node:crypto";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { productImageUrl } from "../catalog/images/image-url";
import { photoJpeg } from "../../shared/photo-urls";
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

/** A variant as an order line is made from it: the product's name, price, collection, photo, tax category and weight. */
const lineColumns = {
  variantId: variants.id,
  productId: products.id,
  name: products.name,
  garment: products.garment,
  color: variants.color,
  size: variants.size,
  unitPriceCents: variants.priceCents,
  collectionId: products.categoryId,
  photo: sql<{ key: string; widths: number[] } | null>`${firstPhotoSql(sql`${products.id}`, sql`${variants.color}`)}`,
  taxCategoryId: products.taxCategoryId,
  weightGrams: variants.weightGrams,
  freePreorderShipping: sql<boolean>`${products.preorder} and ${dropShipsFreeSql(sql`${products.id}`)}`,
  giftCard: products.giftCard,
};

/** The cart's lines at today's prices: what an order is made from. */
export async function loadCheckoutLines(db: Database, cartId: string): Promise<CheckoutLine[]> {
  return db
    .select({ ...lineColumns, quantity: cartItems.quantity, giftRecipientEmail: cartItems.giftRecipientEmail, giftMessage: cartItems.giftMessage, giftSendAt: cartItems.giftSendAt })
    .from(cartItems)
    .innerJoin(variants, eq(variants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.id));
}

/** Variants as order lines at today's prices (an order edit's new lines), with whether their product is on sale. */
export async function loadVariantLines(db: Database, variantIds: number[]): Promise<(Omit<CheckoutLine, "quantity" | "giftRecipientEmail" | "giftMessage" | "giftSendAt"> & { active: boolean })[]> {
  if (variantIds.length === 0) return [];
  return db
    .select({ ...lineColumns, active: sql<boolean>`${products.status} = 'active'` })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(inArray(variants.id, variantIds));
}

/** The picture an order line keeps: the colour's first staff photo, else the generated illustration. */
export function orderLineImage(line: Pick<CheckoutLine, "photo" | "garment" | "color">): string {
  return line.photo ? photoJpeg(line.photo, 320) : productImageUrl(line.garment, line.color, "front");
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
