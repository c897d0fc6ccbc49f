import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { queryPrepared } from "../db/prepared";
import { productImageUrl } from "../catalog/images/image-url";
import { firstPhotoSql } from "../catalog/product-photos";
import { photoJpeg } from "../../shared/photo-urls";
import { toDollars } from "../catalog/product-json";
import { dropShipsFreeSql } from "../drops/product-drops-sql";
import { type CartPricing, estimateCart } from "./cart-estimate";
import { type CartOwner, cartWithId, ownerCondition } from "./cart-owner";
import type { Cart } from "./cart-types";

export const emptyCart = (pricing: CartPricing): Promise<Cart> => toCart([], pricing);

interface LineRow {
  id: number;
  quantity: number;
  color: string;
  size: string;
  available: number;
  productId: number;
  name: string;
  priceCents: number;
  garment: string;
  preorder: boolean;
  /** A pre-order piece of a drop that ships its pre-orders free (server/pricing/preorder-shipping.ts). */
  freePreorderShipping: boolean;
  category: string;
  /** The line's colour's first staff photo, when the product has photos. */
  photo: { key: string; widths: number[] } | null;
  taxCategoryId: number | null;
  weightGrams: number | null;
  giftCard: boolean;
  giftRecipientEmail: string | null;
  giftMessage: string | null;
  giftSendAt: Date | string | null;
}

/**
 * The priced cart lines of `lines` (a table expression with id, variant_id and quantity), in the order they were
 * added. Every cart answer is built from this one query, so the add, change and read calls agree.
 */
export function selectCartLines(lines: SQL): SQL {
  // A product taken off sale (draft or archived) stays in carts with nothing available, so checkout refuses it.
  return sql`select l.id, l.quantity, v.color, v.size, case when p.status = 'active' then v.on_hand - v.reserved else 0 end as available, p.id as "productId", p.name,
      v.price_cents as "priceCents", p.garment, p.preorder, p.preorder and ${dropShipsFreeSql(sql`p.id`)} as "freePreorderShipping", c.slug as category, ${firstPhotoSql(sql`p.id`, sql`v.color`)} as photo,
      p.tax_category_id as "taxCategoryId", v.weight_grams as "weightGrams", p.gift_card as "giftCard",
      ci.gift_recipient_email as "giftRecipientEmail", ci.gift_message as "giftMessage", ci.gift_send_at as "giftSendAt"
    from ${lines} l
    join variants v on v.id = l.variant_id
    left join cart_items ci on ci.id = l.id
    join products p on p.id = v.product_id
    join categories c on c.id = p.category_id
    order by l.id`;
}

export async function queryCartLines(db: Database, query: SQL): Promise<LineRow[]> {
  return queryPrepared<LineRow>(db, query);
}

/** The owner's cart, in one round trip; an unknown or missing one is an empty cart. */
export async function getCart({ db, owner, pricing }: { db: Database; owner: CartOwner; pricing: CartPricing }): Promise<Cart> {
  const condition = ownerCondition(owner);
  return condition ? toCart(await queryCartLines(db, linesOfCart(condition)), pricing) : emptyCart(pricing);
}

export async function readCart(db: Database, cartId: string, pricing: CartPricing): Promise<Cart> {
  return toCart(await queryCartLines(db, linesOfCart(cartWithId(cartId))), pricing);
}

function linesOfCart(cart: SQL): SQL {
  return selectCartLines(sql`(select id, variant_id, quantity from cart_items where cart_id = (select id from carts where ${cart}))`);
}

/** The cart's lines with the totals the rules for everywhere give before an address (server/cart/cart-estimate.ts). */
export async function toCart(rows: LineRow[], { rules, taxProvider }: CartPricing): Promise<Cart> {
  const estimate = await estimateCart(rules, taxProvider, rows.map((r) => ({ unitPriceCents: r.priceCents, quantity: r.quantity, taxCategoryId: r.taxCategoryId, weightGrams: r.weightGrams, freePreorderShipping: r.freePreorderShipping, giftCard: r.giftCard })));
  const totals = estimate.priced;
  return {
    items: rows.map((r) => ({
      id: r.id,
      productId: r.productId,
      product: {
        id: r.productId,
        name: r.name,
        price: toDollars(r.priceCents),
        image: r.photo ? photoJpeg(r.photo, 320) : productImageUrl(r.garment, r.color, "front"),
        category: r.category,
        preorder: r.preorder,
      },
      quantity: r.quantity,
      color: r.color,
      size: r.size,
      unitPrice: toDollars(r.priceCents),
      lineTotal: toDollars(r.priceCents * r.quantity),
      available: r.available,
      giftCard: r.giftCard ? { recipientEmail: r.giftRecipientEmail, message: r.giftMessage, sendAt: r.giftSendAt === null ? null : new Date(r.giftSendAt).toISOString() } : null,
    })),
    itemCount: rows.reduce((n, r) => n + r.quantity, 0),
    subtotal: toDollars(totals.subtotalCents),
    discount: toDollars(totals.discountCents),
    shipping: estimate.shippingCents === null ? null : toDollars(totals.shippingCents),
    tax: estimate.taxKnown ? toDollars(totals.taxCents) : null,
    taxRatePercent: estimate.taxRatePercent,
    taxIncluded: totals.taxIncluded,
    freeShippingRemaining: estimate.freeShippingRemainingCents === null ? null : toDollars(estimate.freeShippingRemainingCents),
    estimated: estimate.estimated,
    total: toDollars(totals.totalCents),
  };
}
