/** Events for the analytics data layer (SPEC §1). The container script that reads it is loaded by the root. */
declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

export function pushEvent(event: Record<string, unknown>): void {
  if (typeof window === "undefined") return;
  (window.dataLayer ??= []).push(event);
}

/** add_to_cart: action add_to_cart, category ecommerce, label the product name, value its price. */
export function trackAddToCart({ name, price }: { name: string; price: number }): void {
  pushEvent({ event: "add_to_cart", action: "add_to_cart", category: "ecommerce", label: name, value: price });
}
