import { deliveryWindow } from "../../shared/shipping-copy";
import type { OrderRow } from "../db/schema";
import { summarizeTaxLines } from "./tax-lines";

type ChargedOrder = Pick<OrderRow, "subtotalCents" | "discountCents" | "discountCode" | "shippingCents" | "shippingMethod" | "taxCents" | "taxIncluded">;
type StoredTaxLine = Parameters<typeof summarizeTaxLines>[0][number];

/** One line of what an order charged: "Sales tax (8.625%)" and its cents; `free` reads FREE. */
export interface Charge {
  label: string;
  cents: number;
  free?: boolean;
}

/**
 * What an order charged, line by line as stored (DESIGN §10: nothing is recomputed): subtotal, discount, shipping with
 * its method, each tax and rate. The confirmation email, the order pages and staff read these same lines.
 */
export function orderCharges(order: ChargedOrder, taxLines: StoredTaxLine[]): Charge[] {
  const taxes = summarizeTaxLines(taxLines);
  const included = order.taxIncluded ? " included" : "";
  return [
    { label: "Subtotal", cents: order.subtotalCents },
    ...(order.discountCents > 0 ? [{ label: order.discountCode ? `Discount (${order.discountCode})` : "Discount", cents: -order.discountCents }] : []),
    { label: order.shippingMethod ? `Shipping (${order.shippingMethod})` : "Shipping", cents: order.shippingCents, free: order.shippingCents === 0 },
    ...(taxes.length > 0 ? taxes.map((t) => ({ label: `${t.label}${included}`, cents: t.cents })) : [{ label: `Tax${included}`, cents: order.taxCents }]),
  ];
}

/** "3-5 business days" for the order's shipping rate, or the store's former promise for orders placed before rates. */
export function deliveryDays(order: Pick<OrderRow, "shippingMinDays" | "shippingMaxDays">): string {
  return deliveryWindow({ minDays: order.shippingMinDays ?? 3, maxDays: order.shippingMaxDays ?? 5 })!;
}
