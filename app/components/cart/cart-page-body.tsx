import { ShoppingBag } from "lucide-react";
import { Link } from "react-router";
import type { Cart } from "../../../server/cart/cart-types";
import { CartLineItem } from "~/components/cart/cart-line-item";
import { CartTotals } from "~/components/cart/cart-totals";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";

/**
 * The cart page's body: the lines and the summary, or the empty state. The server renders it for each visitor's cart
 * on its own (app/cart-page.server.tsx) into the shared cart page (decision 0034), so it reads nothing but `cart` and
 * the cart's and router's contexts, and uses no useId: its HTML must be what the page hydrates to.
 */
export function CartPageBody({ cart }: { cart: Cart | undefined }) {
  if (!cart || cart.items.length === 0) {
    return (
      <section className="container-page grid min-h-[50vh] place-items-center py-16 text-center">
        <div>
          <ShoppingBag aria-hidden="true" className="mx-auto size-14 text-ink-muted" />
          <h1 className="mt-4 font-display text-3xl font-bold">Your cart is empty</h1>
          <p className="mt-2 text-ink-muted">Looks like you haven't added any items to your cart yet.</p>
          <Link to="/" className={`${buttonClass} mt-8`}>
            Start Shopping
          </Link>
        </div>
      </section>
    );
  }
  return (
    <div className="container-page pb-8 pt-6">
      <h1 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">Your Cart</h1>
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_24rem]">
        <section aria-label="Items in your cart">
          <ul className="divide-y divide-line border-y border-line">
            {cart.items.map((line) => (
              <CartLineItem key={line.id} line={line} />
            ))}
          </ul>
        </section>
        <aside aria-labelledby="summary-heading" className="h-fit rounded-3xl bg-surface-muted p-6 lg:sticky lg:top-24">
          <h2 id="summary-heading" className="mb-5 text-lg font-bold">
            Order Summary
          </h2>
          <CartTotals cart={cart} showShipping />
          <div className="mt-6 space-y-3">
            <Link to="/checkout" className={`${buttonClass} w-full`}>
              Proceed to Checkout
            </Link>
            <Link to="/products" className={`${secondaryButtonClass} w-full`}>
              Continue Shopping
            </Link>
          </div>
        </aside>
      </div>
    </div>
  );
}
