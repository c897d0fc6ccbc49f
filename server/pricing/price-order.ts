/** DESIGN §4: the one pricing rule, used by the cart drawer, the cart page, checkout, the payment and the order. */
export const TAX_RATE_PERCENT = 8;

/** Shipping before any code: free on every order (DESIGN §4), so a free-shipping code changes no amount today. */
export const STANDARD_SHIPPING_CENTS = 0;

export interface PricedLine {
  unitPriceCents: number;
  quantity: number;
  /** The line's collection (top-level category id), for codes limited to some collections. */
  collectionId?: number;
}

/** What a code takes off, as the pricing needs it (whether it may be used at all is decided in orders/discount.ts). */
export type DiscountRule =
  | { kind: "percent"; percent: number; collectionIds: number[] }
  | { kind: "fixed"; amountCents: number; collectionIds: number[] }
  | { kind: "free_shipping"; collectionIds: number[] };

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

/** The part of the subtotal a code applies to: the lines of its collections, or every line. */
export function eligibleSubtotal(lines: PricedLine[], discount: Pick<DiscountRule, "collectionIds">): number {
  const applies = (line: PricedLine) => discount.collectionIds.length === 0 || (line.collectionId !== undefined && discount.collectionIds.includes(line.collectionId));
  return lines.filter(applies).reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
}

/**
 * subtotal = Σ unit price × quantity; discount = a code's percentage of (or fixed amount off) the lines it applies
 * to, never more than they cost, so the total never goes below zero; shipping is standard unless the code makes it
 * free; tax = 8 % of (subtotal − discount), half-up, after the discount; total = subtotal − discount + shipping + tax.
 */
export function priceOrder({ lines, discount = null }: { lines: PricedLine[]; discount?: DiscountRule | null }): OrderTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const eligible = discount ? eligibleSubtotal(lines, discount) : 0;
  const discountCents =
    discount?.kind === "percent" ? Math.min(eligible, percentOf(eligible, discount.percent)) : discount?.kind === "fixed" ? Math.min(eligible, discount.amountCents) : 0;
  const shippingCents = discount?.kind === "free_shipping" && eligible > 0 ? 0 : STANDARD_SHIPPING_CENTS;
  const taxCents = percentOf(subtotalCents - discountCents, TAX_RATE_PERCENT);
  return { subtotalCents, discountCents, shippingCents, taxCents, totalCents: subtotalCents - discountCents + shippingCents + taxCents };
}

/**
 * The order's discount shared among the lines it applied to, in proportion to what they cost (the remainder of the
 * rounding on the last of them), so that refunding a line gives back what was paid for it.
 */
export function allocateDiscount(lines: PricedLine[], discount: DiscountRule | null, discountCents: number): number[] {
  const shares = lines.map(() => 0);
  if (!discount || discountCents === 0) return shares;
  const eligible = lines.map((line, i) => ({ line, i })).filter(({ line }) => eligibleSubtotal([line], discount) > 0);
  const base = eligibleSubtotal(lines, discount);
  let given = 0;
  eligible.forEach(({ line, i }, n) => {
    shares[i] = n === eligible.length - 1 ? discountCents - given : Math.floor((discountCents * line.unitPriceCents * line.quantity) / base);
    given += shares[i]!;
  });
  return shares;
}

/** What `units` of a line cost the shopper: their price less their share of the discount, plus the tax on that. */
export function lineRefundCents(line: { unitPriceCents: number; quantity: number; discountCents: number }, units: number): number {
  const net = line.unitPriceCents * units - Math.floor((line.discountCents * units) / line.quantity);
  return net + percentOf(net, TAX_RATE_PERCENT);
}
