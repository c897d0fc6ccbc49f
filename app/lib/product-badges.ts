import type { Product } from "../../server/catalog/product-types";

/** SPEC §4: badges from flags, in this order. */
export function productBadges(product: Pick<Product, "new" | "preorder" | "trending" | "bestseller" | "hot">): string[] {
  const badges: string[] = [];
  if (product.new) badges.push("NEW");
  if (product.preorder) badges.push("PRE-ORDER");
  if (product.trending) badges.push("TRENDING");
  if (product.bestseller) badges.push("BESTSELLER");
  if (product.hot) badges.push("HOT");
  return badges;
}
