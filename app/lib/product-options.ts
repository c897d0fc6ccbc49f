import type { Product, ProductDetail } from "../../server/catalog/product-types";

/** VSOP pieces have no colour picker and go in the cart as colour "Default" (SPEC §4). */
export function isVsop(product: Pick<Product, "name">): boolean {
  return /vsop/i.test(product.name);
}

/** Quick add from a card: quantity 1, the first colour (else Black), the first size (else M). */
export function quickAddChoice(product: Pick<Product, "id" | "name" | "colors" | "sizes">) {
  return {
    productId: product.id,
    quantity: 1,
    color: isVsop(product) ? "Default" : (product.colors[0] ?? "Black"),
    size: product.sizes[0] ?? "M",
  };
}

/**
 * What the chosen colour × size costs: its variant's price and compare-at price, or the product's "from" price when
 * there is no such variant. VSOP pieces go in the cart as colour "Default", so any colour matches for them.
 */
export function variantPrice(product: Pick<ProductDetail, "name" | "price" | "compareAtPrice" | "variants">, color: string, size: string): { price: number; compareAtPrice: number | null } {
  const variant = product.variants.find((v) => v.size === size && (v.color === color || isVsop(product)));
  return variant ? { price: variant.price, compareAtPrice: variant.compareAtPrice } : { price: product.price, compareAtPrice: product.compareAtPrice };
}
