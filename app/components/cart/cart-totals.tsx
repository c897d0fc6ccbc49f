import type { Cart } from "../../../server/cart/cart-types";
import type { TaxLineSummary } from "../../../server/orders/tax-lines";
import { formatPrice } from "~/lib/money";

/** What the totals show: a cart's estimate before an address, or checkout's quote for one. */
export type Totals = Pick<Cart, "subtotal" | "discount" | "shipping" | "tax" | "taxRatePercent" | "taxIncluded" | "total"> & {
  /** The chosen rate's price before a free-shipping code (checkout's quote). */
  shippingBeforeDiscount?: number;
  /** One line per tax and rate, once an address decides them. */
  taxLines?: TaxLineSummary[];
  freeShippingRemaining?: number | null;
  /** The cart's figures before an address, where an address may change them. */
  estimated?: boolean;
};

const row = "flex justify-between gap-4";

function TaxRows({ cart }: { cart: Totals }) {
  if (cart.tax === null) {
    return (
      <div className={row}>
        <dt className="text-ink-muted">Tax</dt>
        <dd className="text-ink-muted">Calculated at checkout</dd>
      </div>
    );
  }
  const lines = cart.taxLines && cart.taxLines.length > 1 ? cart.taxLines : null;
  const included = cart.taxIncluded ? " included" : "";
  if (lines) {
    return lines.map((line) => (
      <div key={line.label} className={row}>
        <dt className="text-ink-muted">
          {line.label}
          {included}
        </dt>
        <dd className="tabular-nums">{formatPrice(line.amount)}</dd>
      </div>
    ));
  }
  return (
    <div className={row}>
      <dt className="text-ink-muted">
        {cart.estimated ? "Estimated tax" : "Tax"}
        {cart.taxRatePercent !== null ? ` (${cart.taxRatePercent}%)` : ""}
        {included}
      </dt>
      <dd className="tabular-nums" data-testid="cart-tax">
        {formatPrice(cart.tax)}
      </dd>
    </div>
  );
}

function ShippingAmount({ cart }: { cart: Totals }) {
  if (cart.shipping === null) return <dd className="text-ink-muted">Calculated at checkout</dd>;
  if (cart.shipping > 0) return <dd className="tabular-nums" data-testid="cart-shipping">{formatPrice(cart.shipping)}</dd>;
  return (
    <dd className="font-semibold text-green-800 dark:text-green-400" data-testid="cart-shipping">
      {cart.shippingBeforeDiscount ? <s className="mr-2 font-normal text-ink-muted">{formatPrice(cart.shippingBeforeDiscount)}</s> : null}
      FREE
    </dd>
  );
}

/** The same lines and amounts in the drawer, the cart page and checkout (DESIGN §7.4): all computed by the server. */
export function CartTotals({ cart, showShipping = false }: { cart: Totals; showShipping?: boolean }) {
  return (
    <div className="space-y-3">
      <dl className="space-y-2 text-sm">
        <div className={row}>
          <dt className="text-ink-muted">Subtotal</dt>
          <dd className="tabular-nums" data-testid="cart-subtotal">
            {formatPrice(cart.subtotal)}
          </dd>
        </div>
        {cart.discount > 0 && (
          <div className={row}>
            <dt className="text-ink-muted">Discount</dt>
            <dd className="tabular-nums">−{formatPrice(cart.discount)}</dd>
          </div>
        )}
        {showShipping && (
          <div className={row}>
            <dt className="text-ink-muted">{cart.estimated ? "Estimated shipping" : "Shipping"}</dt>
            <ShippingAmount cart={cart} />
          </div>
        )}
        <TaxRows cart={cart} />
        <div className={`${row} border-t border-line pt-3 text-base font-bold`}>
          <dt>Total</dt>
          <dd className="tabular-nums" data-testid="cart-total">
            {formatPrice(cart.total)}
          </dd>
        </div>
      </dl>
      {cart.estimated ? <p className="text-xs text-ink-muted">Shipping and tax for your address are worked out at checkout.</p> : null}
      {cart.freeShippingRemaining ? (
        <p className="rounded-xl bg-surface px-3 py-2 text-sm" data-testid="free-shipping-remaining">
          Add <strong className="tabular-nums">{formatPrice(cart.freeShippingRemaining)}</strong> more for free shipping.
        </p>
      ) : null}
    </div>
  );
}
