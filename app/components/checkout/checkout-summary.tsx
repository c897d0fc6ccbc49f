import type { Cart } from "../../../server/cart/cart-types";
import { CartTotals, type Totals } from "~/components/cart/cart-totals";
import { formatPrice } from "~/lib/money";

export function CheckoutSummary({ cart, totals, children }: { cart: Cart; totals: Totals; children?: React.ReactNode }) {
  return (
    <aside aria-labelledby="checkout-summary" className="h-fit space-y-5 rounded-3xl bg-surface-muted p-6 lg:sticky lg:top-24">
      <h2 id="checkout-summary" className="text-lg font-bold">
        Order Summary
      </h2>
      <ul className="space-y-3">
        {cart.items.map((line) => (
          <li key={line.id} className="flex items-center gap-3 text-sm">
            <img src={line.product.image} alt="" width={48} height={60} className="h-15 w-12 rounded-lg bg-surface object-cover" />
            <div className="min-w-0 flex-1">
              <p className="font-medium">{line.product.name}</p>
              <p className="text-ink-muted">
                {line.quantity} × size {line.size}
              </p>
            </div>
            <p className="font-medium tabular-nums">{formatPrice(line.lineTotal)}</p>
          </li>
        ))}
      </ul>
      {children}
      <CartTotals cart={totals} showShipping />
    </aside>
  );
}
