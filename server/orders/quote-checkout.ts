import { type CartOwner, findCartId } from "../cart/cart-owner";
import { toDollars } from "../catalog/product-json";
import { TAX_RATE_PERCENT } from "../pricing/price-order";
import { loadCheckoutLines, priceLines } from "./checkout-lines";
import { describeDiscount, findDiscount } from "./discount";
import type { OrderDeps } from "./order-deps";

/** The cart's totals with a discount code applied, for the checkout summary before paying. */
export async function quoteCheckout({ db, now, owner, discountCode }: OrderDeps & { owner: CartOwner; discountCode?: string }) {
  const cartId = await findCartId(db, owner);
  const lines = cartId ? await loadCheckoutLines(db, cartId) : [];
  const discount = await findDiscount(db, discountCode, now(), { lines, customer: { userId: owner.userId } });
  const totals = priceLines(lines, discount);
  return {
    discountCode: discount?.code ?? null,
    discountPercent: discount?.rule.kind === "percent" ? discount.rule.percent : 0,
    /** What the code does, for the summary: "20% off", "$10.00 off", "Free shipping" (and "on Men's" when limited). */
    discountLabel: discount ? await describeDiscount(db, discount.rule) : null,
    subtotal: toDollars(totals.subtotalCents),
    discount: toDollars(totals.discountCents),
    shipping: toDollars(totals.shippingCents),
    tax: toDollars(totals.taxCents),
    taxRatePercent: TAX_RATE_PERCENT,
    total: toDollars(totals.totalCents),
  };
}
