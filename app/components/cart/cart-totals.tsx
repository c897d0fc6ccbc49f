import type { Cart } from "../../../server/cart/cart-types";
import { formatPrice } from "~/lib/money";

/** The same lines and amounts in the drawer and on the cart page (DESIGN §7.4): all computed by the server. */
export function CartTotals({ cart, showShipping = false }: { cart: Pick<Cart, "subtotal" | "discount" | "tax" | "taxRatePercent" | "total">; showShipping?: boolean }) {
  return (
    <dl className="space-y-2 text-sm">
      <div className="flex justify-between">
        <dt className="text-ink-muted">Subtotal</dt>
        <dd className="tabular-nums" data-testid="cart-subtotal">{formatPrice(cart.subtotal)}</dd>
      </div>
      {cart.discount > 0 && (
        <div className="flex justify-between">
          <dt className="text-ink-muted">Discount</dt>
          <dd className="tabular-nums">−{formatPrice(cart.discount)}</dd>
        </div>
      )}
      {showShipping && (
        <div className="flex justify-between">
          <dt className="text-ink-muted">Shipping</dt>
          <dd className="font-semibold text-green-800 dark:text-green-400">FREE</dd>
        </div>
      )}
      <div className="flex justify-between">
        <dt className="text-ink-muted">Tax ({cart.taxRatePercent}%)</dt>
        <dd className="tabular-nums" data-testid="cart-tax">{formatPrice(cart.tax)}</dd>
      </div>
      <div className="flex justify-between border-t border-line pt-3 text-base font-bold">
        <dt>Total</dt>
        <dd className="tabular-nums" data-testid="cart-total">{formatPrice(cart.total)}</dd>
      </div>
    </dl>
  );
}
