/** A URL handle from a title, as Shopify makes them: "VSOP Premium Hoodie!" → "vsop-premium-hoodie". */
export function handleFrom(title: string): string {
  const handle = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return handle || "product";
}

/** The handle rule the database also checks (products_handle_format). */
export const HANDLE_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A variant's SKU: VS-{product}-{COLOUR}-{SIZE}, letters and digits only. */
export function skuFor(productId: number, color: string, size: string): string {
  const code = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]+/g, "");
  return `VS-${productId}-${code(color)}-${code(size)}`;
}
