/** What the storefront may say about shipping before it knows the address (server/pricing/shipping-promise.ts). */
export interface ShippingPromise {
  /** The subtotal from which every zone ships free (0: every order), or null when not every zone does. */
  freeFromCents: number | null;
  minDays: number | null;
  maxDays: number | null;
}

/** The promise in words: "Free shipping on every order", "Free shipping on orders over $50", or null. */
export function freeShippingNote(freeFromCents: number | null): string | null {
  if (freeFromCents === null) return null;
  if (freeFromCents === 0) return "Free shipping on every order";
  const dollars = freeFromCents % 100 === 0 ? `$${freeFromCents / 100}` : `$${(freeFromCents / 100).toFixed(2)}`;
  return `Free shipping on orders over ${dollars}`;
}

/** "3-5 business days", or null when no rate is active. */
export function deliveryWindow({ minDays, maxDays }: Pick<ShippingPromise, "minDays" | "maxDays">): string | null {
  if (minDays === null || maxDays === null) return null;
  return minDays === maxDays ? `${maxDays} business day${maxDays === 1 ? "" : "s"}` : `${minDays}-${maxDays} business days`;
}
