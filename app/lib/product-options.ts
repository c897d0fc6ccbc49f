import type { Product } from "../../server/catalog/product-types";

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
