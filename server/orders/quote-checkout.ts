import { type CartOwner, findCartId } from "../cart/cart-owner";
import { toDollars } from "../catalog/product-json";
import { loadCheckoutLines } from "./checkout-lines";
import type { QuoteInput } from "./checkout-schemas";
import { describeDiscount, findDiscount } from "./discount";
import type { OrderDeps } from "./order-deps";
import { priceOrder, type ShippingOption } from "../pricing/price-order";
import { summarizeTaxLines } from "./tax-lines";
import { accountCredit } from "../credit/store-credit";
import { checkoutGiftCards } from "../gift-cards/checkout-gift-cards";

export const shippingOptionJson = (o: ShippingOption) => ({ id: o.id, name: o.name, price: toDollars(o.priceCents), minDays: o.minDays, maxDays: o.maxDays });

/**
 * The cart's totals before paying, for the checkout summary: with a discount code, the address as far as it is
 * typed (country, state, postal code decide the shipping rates and the tax) and the shipping rate picked.
 */
export async function quoteCheckout(deps: OrderDeps & { owner: CartOwner } & QuoteInput) {
  const { db, now, owner, discountCode } = deps;
  const cartId = await findCartId(db, owner);
  const lines = cartId ? await loadCheckoutLines(db, cartId) : [];
  const discount = await findDiscount(db, discountCode, now(), { lines, customer: { userId: owner.userId } });
  const rules = await deps.pricingRules();
  // A guest has no credit to show or spend; the payment step refuses a guest who asks for it.
  const credit = await accountCredit(db, owner.userId);
  // The cards the shopper added to this checkout that may still be spent (a disabled or expired one pays nothing).
  const cards = cartId ? await checkoutGiftCards(db, cartId, now()) : [];
  const tenders = { storeCreditCents: deps.useStoreCredit && credit ? credit.balanceCents : 0, giftCards: cards };
  const pricing = await priceOrder(lines, { rules, taxProvider: deps.taxProvider(rules.taxProvider), discount: discount?.rule ?? null, address: deps.address ?? null, shippingRateId: deps.shippingRateId, strict: false, tenders });
  const { priced, options, chosen, taxForAddress } = pricing;
  const taxLines = summarizeTaxLines(priced.taxLines);
  return {
    discountCode: discount?.code ?? null,
    discountPercent: discount?.rule.kind === "percent" ? discount.rule.percent : 0,
    /** What the code does, for the summary: "20% off", "$10.00 off", "Free shipping" (and "on Men's" when limited). */
    discountLabel: discount ? await describeDiscount(db, discount.rule) : null,
    subtotal: toDollars(priced.subtotalCents),
    discount: toDollars(priced.discountCents),
    shipping: toDollars(priced.shippingCents),
    /** The chosen rate's price before a free-shipping code. */
    shippingBeforeDiscount: toDollars(priced.shippingBeforeDiscountCents),
    shippingOptions: options.map(shippingOptionJson),
    /** false: the cart holds gift cards alone, which are emailed (no rate to choose, nothing charged). */
    shippingNeeded: lines.length === 0 || lines.some((l) => !l.giftCard),
    shippingRateId: chosen?.id ?? null,
    tax: toDollars(priced.taxCents),
    taxIncluded: priced.taxIncluded,
    /** false: no address yet, so the tax is the rule for everywhere (or unknown until one is typed). */
    taxForAddress,
    taxLines,
    /** The one rate when every taxed line bears the same single rate (the "Tax (8%)" label), else null. */
    taxRatePercent: taxLines.length === 1 ? taxLines[0]!.ratePercent : null,
    total: toDollars(priced.totalCents),
    /** Tenders (issue 51): what gift cards and store credit pay of the total, and what is left for the card. */
    giftCardCents: pricing.giftCardCents,
    /** Each card on the checkout: its last 4, what it holds and what it pays of this order. */
    giftCards: cards.map((c, i) => ({ last4: c.last4, balanceCents: c.balanceCents, amountCents: pricing.giftCardParts[i] ?? 0 })),
    storeCreditCents: pricing.storeCreditCents,
    amountDueCents: pricing.amountDueCents,
    /** The signed-in shopper's balance, for "Use store credit ($X available)"; 0 for a guest. */
    storeCreditAvailableCents: credit?.balanceCents ?? 0,
  };
}
