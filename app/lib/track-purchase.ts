import { useEffect } from "react";
import type { OrderStatusAnswer } from "../../server/orders/order-status-types";
import { pushEvent } from "./analytics";

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
    pushEvent({
      event: "purchase",
      action: "purchase",
      category: "ecommerce",
      transaction_id: answer.order.orderNumber,
      value: answer.order.totalAmount,
      tax: answer.order.tax,
      currency: "USD",
      items: answer.items.map((i) => ({ item_name: i.product.name, item_id: String(i.product.id), price: i.price, quantity: i.quantity })),
    });
  }, [answer]);
}
