import { toDollars } from "../catalog/product-json";
import type { OrderItemRow, OrderRow } from "../db/schema";
import { deliveryDays, orderCharges } from "./order-charges";
import type { listOrderTaxLines } from "./tax-lines";
import type { OrderStatusAnswer } from "./order-status-types";
import { trackingOf } from "./tracking";

/** An order and its lines as the order-status call and the account pages show them, with what it charged line by line. */
export function toOrderAnswer(order: OrderRow, items: OrderItemRow[], taxLines: Awaited<ReturnType<typeof listOrderTaxLines>>): OrderStatusAnswer {
  return {
    order: {
      orderNumber: order.orderNumber,
      status: order.status,
      totalAmount: toDollars(order.totalCents),
      subtotal: toDollars(order.subtotalCents),
      discount: toDollars(order.discountCents),
      shipping: toDollars(order.shippingCents),
      tax: toDollars(order.taxCents),
      taxIncluded: order.taxIncluded,
      charges: orderCharges(order, taxLines.filter((t) => t.orderId === order.id)).map((c) => ({ label: c.label, amount: toDollars(c.cents), free: c.free ?? false })),
      shippingMethod: order.shippingMethod,
      delivery: deliveryDays(order),
      email: order.email,
      createdAt: order.createdAt.toISOString(),
      tracking: trackingOf(order),
      /** Given back so far (staff refunds and returns); the status is refunded once it is everything. */
      refunded: toDollars(order.refundedCents),
    },
    items: items.map((i) => ({
      id: i.id,
      size: i.size,
      color: i.color,
      quantity: i.quantity,
      refundedQuantity: i.refundedQuantity,
      price: toDollars(i.unitPriceCents),
      product: { id: i.productId, name: i.name, imageUrl: i.imageUrl },
    })),
  };
}

/** Where an order ships: its stored address, with the name on it. */
export function shippingAddressOf(order: Pick<OrderRow, "shippingName" | "shippingLine1" | "shippingLine2" | "shippingCity" | "shippingRegion" | "shippingPostalCode" | "shippingCountry">) {
  return {
    name: order.shippingName,
    line1: order.shippingLine1,
    line2: order.shippingLine2,
    city: order.shippingCity,
    region: order.shippingRegion,
    postalCode: order.shippingPostalCode,
    country: order.shippingCountry,
  };
}
