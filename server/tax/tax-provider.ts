import type { TaxProviderName } from "../db/schema";
import type { TaxLine } from "../pricing/order-totals";
import type { PricingRules } from "../pricing/pricing-rules";
import type { Destination } from "../pricing/zones";

/** A line as a tax provider sees it: what it costs after its share of the discount, and what it is. */
export interface TaxableLine {
  /** Stable within the order: "line-0", "line-1"… in the order's line order. */
  reference: string;
  amountCents: number;
  quantity: number;
  /** null: the default category. */
  taxCategoryId: number | null;
}

/** The full shipping address, for providers that need more than the zone does (Stripe Tax). */
export interface TaxAddress extends Destination {
  line1?: string;
  city?: string;
}

export interface TaxQuoteInput {
  lines: TaxableLine[];
  shippingCents: number;
  /** null: before an address (the cart): the manual tables' zone for everywhere; a provider that needs one, no tax. */
  address: TaxAddress | null;
  /** The prices hold the tax already. */
  included: boolean;
}

export interface TaxQuote {
  /** Tax per line (index into the input's lines) and rate; a null line is the shipping. */
  lines: TaxLine[];
  /** The provider's calculation, to commit after payment (null for the manual tables). */
  calculationId: string | null;
}

/** One refunded line's money, for a reversal. */
export interface ReversedLine {
  reference: string;
  amountCents: number;
  taxCents: number;
  quantity: number;
}

/**
 * DESIGN §10: who computes tax. `quote` prices a checkout (and throws TaxUnavailable when it can't: the checkout is
 * then refused, never taxed wrongly); `commit` records an order's tax as owed once it is paid; `reverse` gives back a
 * refund's share. The manual tables and Stripe Tax are the two implementations.
 */
export interface TaxProvider {
  readonly name: TaxProviderName;
  /**
   * `rules` are the tables the caller priced with: the manual provider reads them rather than the rules cache, so a
   * quote inside a checkout's transaction never waits on a read of the rules, which on PGlite's one connection
   * would wait for that transaction (decision 0042).
   */
  quote(input: TaxQuoteInput, rules?: PricingRules): Promise<TaxQuote>;
  /** Returns the provider's transaction id, or null when there is nothing to record. */
  commit(order: { orderNumber: string; calculationId: string | null }): Promise<string | null>;
  /** Returns the provider's reversal id, or null when there is nothing to record. */
  reverse(refund: { refundId: string; orderNumber: string; transactionId: string | null; lines: ReversedLine[]; shipping: { amountCents: number; taxCents: number } | null }): Promise<string | null>;
}

/** The provider could not price the tax: the checkout must stop with a clear message. */
export class TaxUnavailable extends Error {}
