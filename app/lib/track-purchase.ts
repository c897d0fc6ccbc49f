import { useEffect } from "react";
import type { OrderStatusAnswer } from "../../server/orders/order-status-types";
import { trackPurchase } from "./analytics";

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
