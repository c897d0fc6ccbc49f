import { type CartOwner, findCartId } from "../cart/cart-owner";
import { toDollars } from "../catalog/product-json";
import { TAX_RATE_PERCENT } from "../pricing/price-order";
import { loadCheckoutLines, priceLines } from "./checkout-lines";
import { findDiscount } from "./discount";
import type { OrderDeps } from "./order-deps";

/** The cart's totals with a discount code applied, for the checkout summary before paying. */
export async function quoteCheckout({ db, now, owner, discountCode }: OrderDeps & { owner: CartOwner; discountCode?: string }) {
  const discountPercent = (await findDiscount(db, discountCode, now()))?.percent ?? 0;
  const cartId = await findCartId(db, owner);
  const totals = priceLines(cartId ? await loadCheckoutLines(db, cartId) : [], discountPercent);
  return {
    discountCode: discountPercent > 0 ? discountCode!.toUpperCase() : null,
    discountPercent,
    subtotal: toDollars(totals.subtotalCents),
    discount: toDollars(totals.discountCents),
    shipping: toDollars(totals.shippingCents),
    tax: toDollars(totals.taxCents),
    taxRatePercent: TAX_RATE_PERCENT,
    total: toDollars(totals.totalCents),
  };
}
