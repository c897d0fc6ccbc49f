import { useEffect } from "react";
import type { OrderStatusAnswer } from "../../server/orders/order-status-types";
import { ga4Items, type Item, pushEvent } from "./analytics";

/* The checkout's analytics events live here, not in ./analytics, which every page loads with the shell. */

export function trackBeginCheckout(value: number, items: Item[]): void {
  pushEvent({ ecommerce: null });
  pushEvent({ event: "begin_checkout", ecommerce: { currency: "USD", value, items: ga4Items(items) } });
}

export function trackPurchase(order: { orderNumber: string; total: number; tax: number; items: Item[] }): void {
  pushEvent({ ecommerce: null });
  pushEvent({
    event: "purchase",
    action: "purchase",
    category: "ecommerce",
    transaction_id: order.orderNumber,
    value: order.total,
    ecommerce: { transaction_id: order.orderNumber, currency: "USD", value: order.total, tax: order.tax, items: ga4Items(order.items) },
  });
}

const PAID = new Set(["paid", "processing", "shipped", "delivered"]);

/** The analytics purchase event, once per order (remembered for the browser session). */
export function useTrackPurchase(answer: OrderStatusAnswer | undefined) {
  useEffect(() => {
    if (!answer || !PAID.has(answer.order.status)) return;
    const key = `purchase-tracked:${answer.order.orderNumber}`;
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, "1");
    } catch {
      // Without session storage the event may repeat on reload; better than never sending it.
    }
    trackPurchase({
      orderNumber: answer.order.orderNumber,
      total: answer.order.totalAmount,
      tax: answer.order.tax,
      items: answer.items.map((i) => ({ id: i.product.id, name: i.product.name, price: i.price, quantity: i.quantity, variant: `${i.color ?? ""} ${i.size}`.trim() })),
    });
  }, [answer]);
}
