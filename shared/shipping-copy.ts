/** What the storefront may say about shipping before it knows the address (server/pricing/shipping-promise.ts). */
export interface ShippingPromise {
  /** The subtotal from which every zone ships free (0: every order), or null when not every zone does. */
  freeFromCents: number | null;
  minDays: number | null;
  maxDays: number | null;
  /** Orders of pre-orders alone ship free (the VSOP campaign's flag, server/pricing/preorder-shipping.ts). */
  preorderFree: boolean;
}

/** What a pre-order piece's page says about its shipping: the promise while it holds, else nothing. */
export function preorderShippingNote(preorderFree: boolean): string | null {
  return preorderFree ? "Free shipping on all pre-orders" : null;
}

/** The promise in words: "Free shipping on every order", "Free shipping on orders over $50", or null. */
export function freeShippingNote(freeFromCents: number | null): string | null {
  if (freeFromCents === null) return null;
  if (freeFromCents === 0) return "Free shipping on every order";
  return `Free shipping on orders over ${formatCents(freeFromCents)}`;
}

/** "$50", or "$49.50" when there are cents. */
export const formatCents = (cents: number) => (cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`);

/** "3-5 business days", or null when no rate is active. */
export function deliveryWindow({ minDays, maxDays }: Pick<ShippingPromise, "minDays" | "maxDays">): string | null {
  if (minDays === null || maxDays === null) return null;
  return minDays === maxDays ? `${maxDays} business day${maxDays === 1 ? "" : "s"}` : `${minDays}-${maxDays} business days`;
}
