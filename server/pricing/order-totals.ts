import { allocate, includedTaxOf, rateOf } from "./allocate";

/** DESIGN §4 and §10: the one pricing rule, used by the cart drawer, the cart page, checkout, the payment and the order. */

export interface PricedLine {
  unitPriceCents: number;
  quantity: number;
  /** The line's collection (top-level category id), for codes limited to some collections. */
  collectionId?: number;
  /** A gift card bought: no code takes anything off it, it is never taxed and never shipped (issue 51). */
  giftCard?: boolean;
}

/** What a code takes off, as the pricing needs it (whether it may be used at all is decided in orders/discount.ts). */
export type DiscountRule =
  | { kind: "percent"; percent: number; collectionIds: number[] }
  | { kind: "fixed"; amountCents: number; collectionIds: number[] }
  | { kind: "free_shipping"; collectionIds: number[] };

/** One tax that applies to an amount: "Sales tax" at 8.625 % from the zone "California". */
export interface TaxRate {
  name: string;
  rateMilliPercent: number;
  jurisdiction: string;
}

/**
 * The taxes that apply to each line (by index) and to the shipping (empty: shipping is not taxed), and whether the
 * prices already hold them. Made by a TaxProvider's rules (server/tax); no plan means no tax.
 */
export interface TaxPlan {
  lineRates: TaxRate[][];
  shippingRates: TaxRate[];
  included: boolean;
}

/** A tax charged on one line (index) or on the shipping (null): what it was charged on, net of tax, and how much. */
export interface TaxLine extends TaxRate {
  line: number | null;
  taxableCents: number;
  taxCents: number;
}

export interface OrderTotals {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

export interface PricedOrder extends OrderTotals {
  /** The rate's price before a free-shipping code. */
  shippingBeforeDiscountCents: number;
  /** Each line's share of the discount. */
  lineDiscounts: number[];
  taxLines: TaxLine[];
  taxIncluded: boolean;
}

/** Percentage of an amount in cents, rounded half-up to the cent, in integer arithmetic. */
export function percentOf(amountCents: number, percent: number): number {
  return Math.floor((amountCents * percent + 50) / 100);
}

const applies = (line: PricedLine, discount: Pick<DiscountRule, "collectionIds">) => !line.giftCard && (discount.collectionIds.length === 0 || (line.collectionId !== undefined && discount.collectionIds.includes(line.collectionId)));

/** The part of the subtotal a code applies to: the lines of its collections, or every line. */
export function eligibleSubtotal(lines: PricedLine[], discount: Pick<DiscountRule, "collectionIds">): number {
  return lines.filter((line) => applies(line, discount)).reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
}

/**
 * subtotal = Σ unit price × quantity; discount = a code's percentage of (or fixed amount off) the lines it applies
 * to, never more than they cost; shipping = the chosen rate's price, or nothing with a free-shipping code (once,
 * never below zero); tax per rate on what its lines cost after their share of the discount (and on the shipping when
 * it is taxed), rounded half up once per group of lines taxed alike and then shared among them to the cent;
 * total = subtotal − discount + shipping + tax (the tax is not added when the prices already include it).
 */
export function totalOrder({ lines, discount = null, shippingCents = 0, tax = null }: { lines: PricedLine[]; discount?: DiscountRule | null; shippingCents?: number; tax?: TaxPlan | null }): PricedOrder {
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const eligible = discount ? eligibleSubtotal(lines, discount) : 0;
  const discountCents =
    discount?.kind === "percent" ? Math.min(eligible, percentOf(eligible, discount.percent)) : discount?.kind === "fixed" ? Math.min(eligible, discount.amountCents) : 0;
  const shipping = discount?.kind === "free_shipping" && eligible > 0 ? 0 : Math.max(0, shippingCents);
  const lineDiscounts = allocateDiscount(lines, discount, discountCents);
  const untaxed: PricedOrder = {
    subtotalCents,
    discountCents,
    shippingCents: shipping,
    taxCents: 0,
    totalCents: subtotalCents - discountCents + shipping,
    shippingBeforeDiscountCents: Math.max(0, shippingCents),
    lineDiscounts,
    taxLines: [],
    taxIncluded: false,
  };
  if (!tax) return untaxed;
  return addTax(untaxed, taxAmounts(taxableAmounts(lines, untaxed), [...tax.lineRates, tax.shippingRates], tax.included, lines.length), tax.included);
}

/**
 * What each line costs after its share of the discount, then the shipping: the amounts a tax is charged on. A gift
 * card bought is never taxed (0): the tax is charged where it is spent, on what it pays for.
 */
export function taxableAmounts(lines: PricedLine[], priced: Pick<PricedOrder, "lineDiscounts" | "shippingCents">): number[] {
  return [...lines.map((l, i) => (l.giftCard ? 0 : l.unitPriceCents * l.quantity - priced.lineDiscounts[i]!)), priced.shippingCents];
}

/** An order priced without tax, with its tax lines (from the manual tables or a provider) added to the totals. */
export function addTax(priced: PricedOrder, taxLines: TaxLine[], included: boolean): PricedOrder {
  const taxCents = taxLines.reduce((sum, t) => sum + t.taxCents, 0);
  return { ...priced, taxLines, taxCents, taxIncluded: included, totalCents: priced.subtotalCents - priced.discountCents + priced.shippingCents + (included ? 0 : taxCents) };
}

const rateKey = (r: TaxRate) => `${r.jurisdiction}\u0000${r.name}\u0000${r.rateMilliPercent}`;

/**
 * Tax on each amount (index) at its rates. Amounts taxed by the same set of rates form a group: each rate's tax is
 * rounded once on the group's total (so one rate on every line gives exactly that rate of the whole) and shared among
 * the group's amounts in proportion, to the cent. With included tax, the group's tax is what its combined rate holds
 * of the gross, shared among its rates in proportion to them.
 */
export function taxAmounts(amounts: number[], rates: TaxRate[][], included: boolean, shippingIndex: number): TaxLine[] {
  const groups = new Map<string, number[]>();
  amounts.forEach((amount, i) => {
    const own = rates[i] ?? [];
    if (amount <= 0 || own.length === 0) return;
    const key = own.map(rateKey).sort().join("\u0001");
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  const out: TaxLine[] = [];
  for (const members of groups.values()) {
    const groupRates = rates[members[0]!]!;
    const gross = members.map((i) => amounts[i]!);
    const total = gross.reduce((a, b) => a + b, 0);
    const combined = groupRates.reduce((sum, r) => sum + r.rateMilliPercent, 0);
    const perRate = included ? allocate(includedTaxOf(total, combined), groupRates.map((r) => r.rateMilliPercent)) : groupRates.map((r) => rateOf(total, r.rateMilliPercent));
    const groupTax = perRate.reduce((a, b) => a + b, 0);
    const netOfMember = included ? allocate(total - groupTax, gross) : gross;
    groupRates.forEach((rate, r) => {
      const shares = allocate(perRate[r]!, gross);
      members.forEach((line, m) => out.push({ ...rate, line, taxableCents: netOfMember[m]!, taxCents: shares[m]! }));
    });
  }
  return out.sort((a, b) => a.line! - b.line! || a.name.localeCompare(b.name)).map((t) => ({ ...t, line: t.line === shippingIndex ? null : t.line }));
}

/**
 * The order's discount shared among the lines it applied to, in proportion to what they cost (to the cent), so that
 * refunding a line gives back what was paid for it.
 */
export function allocateDiscount(lines: PricedLine[], discount: DiscountRule | null, discountCents: number): number[] {
  if (!discount || discountCents === 0) return lines.map(() => 0);
  return allocate(
    discountCents,
    lines.map((line) => (applies(line, discount) ? line.unitPriceCents * line.quantity : 0)),
  );
}
