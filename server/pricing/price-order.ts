/** DESIGN §4: the one pricing rule, used by the cart drawer, the cart page, checkout, the payment and the order. */
export const TAX_RATE_PERCENT = 8;

export interface PricedLine {
  unitPriceCents: number;
  quantity: number;
}

export interface OrderTotals {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/** Percentage of an amount in cents, rounded half-up to the cent, in integer arithmetic. */
export function percentOf(amountCents: number, percent: number): number {
  return Math.floor((amountCents * percent + 50) / 100);
}

/**
 * subtotal = Σ unit price × quantity; discount = a valid code's percentage of the subtotal; shipping is free;
 * tax = 8 % of (subtotal − discount), half-up; total = subtotal − discount + tax.
 */
export function priceOrder({ lines, discountPercent = 0 }: { lines: PricedLine[]; discountPercent?: number }): OrderTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const discountCents = Math.min(subtotalCents, percentOf(subtotalCents, discountPercent));
  const shippingCents = 0;
  const taxCents = percentOf(subtotalCents - discountCents, TAX_RATE_PERCENT);
  return { subtotalCents, discountCents, shippingCents, taxCents, totalCents: subtotalCents - discountCents + shippingCents + taxCents };
}
