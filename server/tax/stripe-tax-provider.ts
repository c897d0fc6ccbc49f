import Stripe from "stripe";
import type { StripeSettings } from "../payments/stripe-provider";
import type { TaxLine } from "../pricing/order-totals";
import type { PricingRules } from "../pricing/pricing-rules";
import { type ReversedLine, type TaxAddress, type TaxableLine, type TaxProvider, TaxUnavailable } from "./tax-provider";

/** Stripe's tax code for shipping charges ("Shipping", docs.stripe.com/tax/tax-codes). */
export const STRIPE_SHIPPING_TAX_CODE = "txcd_92010001";

export interface StripeTaxSettings {
  secretKey: string;
  /** Tests point the SDK at server/test/fake-stripe.ts. */
  api?: StripeSettings["api"];
  rules: () => Promise<PricingRules>;
  shippingTaxCode?: string;
}

type Breakdown = Pick<Stripe.Tax.CalculationLineItem.TaxBreakdown, "amount" | "taxable_amount" | "jurisdiction" | "tax_rate_details">;

/**
 * A rate as Stripe writes it ("8.625", "7.25", "10") in thousandths of a percent, read digit by digit so no float
 * rounding creeps in. A fourth decimal (some local rates) rounds half up: the rate is shown, the tax is Stripe's.
 */
export function parsePercentage(decimal: string): number {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(decimal.trim());
  if (!match) throw new TaxUnavailable(`Stripe Tax returned an unreadable rate: ${JSON.stringify(decimal)}`);
  const fraction = (match[2] ?? "").padEnd(4, "0");
  const milli = Number(match[1]) * 1000 + Number(fraction.slice(0, 3));
  return fraction[3]! >= "5" ? milli + 1 : milli;
}

/** Stripe's breakdown of one amount as our tax lines: one per tax that was charged (nothing for untaxed amounts). */
function toTaxLines(line: number | null, breakdown: Breakdown[] | null | undefined, amountTax: number): TaxLine[] {
  const out: TaxLine[] = [];
  for (const b of breakdown ?? []) {
    if (b.amount === 0) continue; // not collected here, exempt, zero-rated: no tax, no line
    if (!b.tax_rate_details) throw new TaxUnavailable(`Stripe Tax charged ${b.amount} without a rate (${line === null ? "shipping" : `line ${line}`})`);
    const place = b.jurisdiction.display_name;
    const tax = b.tax_rate_details.display_name;
    out.push({
      line,
      name: tax.startsWith(place) ? tax : `${place} ${tax}`,
      rateMilliPercent: parsePercentage(b.tax_rate_details.percentage_decimal),
      jurisdiction: place,
      taxableCents: b.taxable_amount,
      taxCents: b.amount,
    });
  }
  const sum = out.reduce((s, t) => s + t.taxCents, 0);
  if (sum !== amountTax) throw new TaxUnavailable(`Stripe Tax's breakdown (${sum}) differs from its tax (${amountTax}) on ${line === null ? "the shipping" : `line ${line}`}`);
  return out;
}

/** Stripe wants the state without its country: "US-CA" → "CA". */
function stripeAddress(address: TaxAddress): Stripe.Tax.CalculationCreateParams.CustomerDetails.Address {
  const prefix = `${address.country}-`;
  const state = address.subdivision?.startsWith(prefix) ? address.subdivision.slice(prefix.length) : address.subdivision;
  return {
    country: address.country,
    postal_code: address.postalCode,
    ...(state ? { state } : {}),
    ...(address.line1 ? { line1: address.line1 } : {}),
    ...(address.city ? { city: address.city } : {}),
  };
}

/** An error from Stripe or the network, as an internal message that names the call and never the key. */
function unavailable(what: string, err: unknown, secretKey: string): TaxUnavailable {
  if (err instanceof TaxUnavailable) return err;
  const e = err as { type?: string; code?: string; message?: string; requestId?: string };
  const detail = [e.type, e.code].filter(Boolean).join("/");
  const message = `Stripe Tax ${what} failed${detail ? ` (${detail})` : ""}: ${e.message ?? String(err)}${e.requestId ? ` [${e.requestId}]` : ""}`;
  return new TaxUnavailable(message.replaceAll(secretKey, "[secret key]"));
}

/**
 * Stripe Tax behind the TaxProvider contract (DESIGN §10, research run-it-alone §2): a calculation per checkout, a
 * transaction from it once paid (reference = order number), partial reversals per refund (reference = refund id).
 */
export function stripeTaxProvider({ secretKey, api, rules, shippingTaxCode = STRIPE_SHIPPING_TAX_CODE }: StripeTaxSettings): TaxProvider {
  // A shopper waits on the quote: a shorter timeout than the payments' (three tries at most).
  const stripe = new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 10_000, telemetry: false, ...api });

  const taxCodeOf = (current: PricingRules, line: TaxableLine) => {
    const category = current.categories.find((c) => c.id === line.taxCategoryId) ?? current.categories.find((c) => c.isDefault);
    // No code: Stripe uses the account's preset product tax code.
    return category?.stripeTaxCode ?? undefined;
  };

  return {
    name: "stripe_tax",
    async quote({ lines, shippingCents, address, included }) {
      // Before an address (the cart) Stripe Tax is not asked: the checkout asks once one is typed.
      if (!address) return { lines: [], calculationId: null };
      const current = await rules();
      const taxBehavior = included ? "inclusive" : "exclusive";
      // A free line owes nothing (and Stripe asks for positive amounts); a free order with paid shipping still
      // needs its lines, for the calculation to have any.
      const indexed = lines.map((line, index) => ({ ...line, index }));
      const paid = indexed.filter((l) => l.amountCents > 0);
      const sent = paid.length > 0 ? paid : shippingCents > 0 ? indexed : [];
      if (sent.length === 0) return { lines: [], calculationId: null };
      try {
        const calculation = await stripe.tax.calculations.create({
          currency: "usd",
          line_items: sent.map((l) => ({ amount: l.amountCents, quantity: l.quantity, reference: l.reference, tax_behavior: taxBehavior, tax_code: taxCodeOf(current, l) })),
          ...(shippingCents > 0 ? { shipping_cost: { amount: shippingCents, tax_code: shippingTaxCode, tax_behavior: taxBehavior } } : {}),
          customer_details: { address: stripeAddress(address), address_source: "shipping" },
          expand: ["shipping_cost.tax_breakdown"],
        });
        if (!calculation.id) throw new TaxUnavailable("Stripe Tax returned a calculation without an id");
        const items = await stripe.tax.calculations.listLineItems(calculation.id, { limit: 100, expand: ["data.tax_breakdown"] }).autoPagingToArray({ limit: 10_000 });
        const byReference = new Map(items.map((item) => [item.reference, item]));
        const taxLines = sent.flatMap((l) => {
          const item = byReference.get(l.reference);
          if (!item) throw new TaxUnavailable(`Stripe Tax's calculation ${calculation.id} has no line ${l.reference}`);
          return toTaxLines(l.index, item.tax_breakdown, item.amount_tax);
        });
        if (shippingCents > 0) {
          if (!calculation.shipping_cost) throw new TaxUnavailable(`Stripe Tax's calculation ${calculation.id} has no shipping`);
          taxLines.push(...toTaxLines(null, calculation.shipping_cost.tax_breakdown, calculation.shipping_cost.amount_tax));
        }
        const total = taxLines.reduce((s, t) => s + t.taxCents, 0);
        const stripeTotal = calculation.tax_amount_exclusive + calculation.tax_amount_inclusive;
        if (total !== stripeTotal) throw new TaxUnavailable(`Stripe Tax's lines (${total}) differ from its total tax (${stripeTotal}) in ${calculation.id}`);
        return { lines: taxLines, calculationId: calculation.id };
      } catch (err) {
        throw unavailable("calculation", err, secretKey);
      }
    },

    async commit({ orderNumber, calculationId }) {
      if (!calculationId) return null;
      try {
        // Stripe keeps an idempotency key's answer for 24 hours; after that the reference, unique per account,
        // refuses a second transaction for the order.
        const transaction = await stripe.tax.transactions.createFromCalculation({ calculation: calculationId, reference: orderNumber }, { idempotencyKey: `tax-commit-${orderNumber}` });
        return transaction.id;
      } catch (err) {
        throw unavailable(`transaction for ${orderNumber}`, err, secretKey);
      }
    },

    async reverse({ refundId, orderNumber, transactionId, lines, shipping }) {
      if (!transactionId) return null;
      // Amounts are on the same footing as the quote's: with included tax a line's amount holds its tax.
      const reversed = lines.filter((l) => l.amountCents > 0 || l.taxCents > 0);
      const reverseShipping = shipping && (shipping.amountCents > 0 || shipping.taxCents > 0) ? shipping : null;
      if (reversed.length === 0 && !reverseShipping) return null;
      try {
        const items = reversed.length > 0 ? await stripe.tax.transactions.listLineItems(transactionId, { limit: 100 }).autoPagingToArray({ limit: 10_000 }) : [];
        const idOf = new Map(items.map((item) => [item.reference, item.id]));
        const reversalLine = (l: ReversedLine, original: string | undefined) => {
          if (!original) throw new TaxUnavailable(`Stripe Tax transaction ${transactionId} (order ${orderNumber}) has no line ${l.reference}`);
          return { original_line_item: original, reference: l.reference, amount: -l.amountCents, amount_tax: -l.taxCents, ...(l.quantity > 0 ? { quantity: l.quantity } : {}) };
        };
        const reversal = await stripe.tax.transactions.createReversal(
          {
            mode: "partial",
            original_transaction: transactionId,
            reference: refundId,
            ...(reversed.length > 0 ? { line_items: reversed.map((l) => reversalLine(l, idOf.get(l.reference))) } : {}),
            ...(reverseShipping ? { shipping_cost: { amount: -reverseShipping.amountCents, amount_tax: -reverseShipping.taxCents } } : {}),
            metadata: { order_number: orderNumber },
          },
          { idempotencyKey: `tax-reversal-${refundId}` },
        );
        return reversal.id;
      } catch (err) {
        throw unavailable(`reversal ${refundId} of order ${orderNumber}`, err, secretKey);
      }
    },
  };
}
