import type { Product, ProductDetail } from "../../server/catalog/product-types";

/**
 * SPEC §4: a drop's pieces have no colour picker and go in the cart as colour "Default". As data (issue 48): a product
 * in a drop that comes in one colour. The cart takes "Default" as "its only colour" (server/cart/resolve-variant.ts
 * meansOnlyColor), so a drop piece staff give a second colour gets the picker back, and nothing names a drop.
 */
export function withoutColourChoice(product: Pick<Product, "colors"> & { drops?: readonly unknown[] }): boolean {
  return (product.drops?.length ?? 0) > 0 && product.colors.length <= 1;
}

/** Quick add from a card: quantity 1, the first colour (else Black), the first size (else M). */
export function quickAddChoice(product: Pick<Product, "id" | "colors" | "sizes"> & { drops?: readonly unknown[] }) {
  return {
    productId: product.id,
    quantity: 1,
    color: withoutColourChoice(product) ? "Default" : (product.colors[0] ?? "Black"),
    size: product.sizes[0] ?? "M",
  };
}

/**
 * What the chosen colour × size costs: its variant's price and compare-at price, or the product's "from" price when
 * there is no such variant. A product without a colour choice goes in the cart as "Default", so any colour matches.
 */
export function variantPrice(product: Pick<ProductDetail, "colors" | "drops" | "price" | "compareAtPrice" | "variants">, color: string, size: string): { price: number; compareAtPrice: number | null } {
  const anyColour = withoutColourChoice(product);
  const variant = product.variants.find((v) => v.size === size && (v.color === color || anyColour));
  return variant ? { price: variant.price, compareAtPrice: variant.compareAtPrice } : { price: product.price, compareAtPrice: product.compareAtPrice };
}
