/**
 * The analytics data layer (SPEC §1): page views, shop events in GA4's shape, performance metrics and JS errors.
 * A tag manager reads it when GTM_ID is configured; without one the events stay in window.dataLayer.
 */
declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

export function pushEvent(event: Record<string, unknown>): void {
  if (typeof window === "undefined") return;
  (window.dataLayer ??= []).push(event);
}

export interface Item {
  id: number;
  name: string;
  price: number;
  quantity?: number;
  variant?: string;
}

export const ga4Items = (items: Item[]) => items.map((i) => ({ item_id: String(i.id), item_name: i.name, price: i.price, quantity: i.quantity ?? 1, item_variant: i.variant }));

export function trackPageView(path: string, title: string): void {
  pushEvent({ event: "page_view", page_path: path, page_title: title });
}

/** SPEC §1: action add_to_cart, category ecommerce, label the product name, value its price; plus GA4's ecommerce object. */
export function trackAddToCart(item: Item): void {
  pushEvent({ ecommerce: null });
  pushEvent({
    event: "add_to_cart",
    action: "add_to_cart",
    category: "ecommerce",
    label: item.name,
    value: item.price,
    ecommerce: { currency: "USD", value: item.price * (item.quantity ?? 1), items: ga4Items([item]) },
  });
}

export function trackViewItem(item: Item): void {
  pushEvent({ ecommerce: null });
  pushEvent({ event: "view_item", ecommerce: { currency: "USD", value: item.price, items: ga4Items([item]) } });
}
