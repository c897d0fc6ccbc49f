import { Link } from "react-router";
import { CartLineItem } from "~/components/cart/cart-line-item";
import { CartTotals } from "~/components/cart/cart-totals";
import { buttonClass } from "~/components/layout/status-screen";
import { useCart } from "~/lib/cart";

export function CartTab() {
  const { data: cart } = useCart();
  if (!cart || cart.items.length === 0) {
    return (
      <div className="rounded-3xl bg-surface-muted px-6 py-12 text-center">
        <p className="font-semibold">Your cart is empty</p>
        <Link to="/" className={`${buttonClass} mt-6`}>
          Start Shopping
        </Link>
      </div>
    );
  }
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
      <ul className="divide-y divide-line border-y border-line">
        {cart.items.map((line) => (
          <CartLineItem key={line.id} line={line} />
        ))}
      </ul>
      <div className="h-fit space-y-4 rounded-2xl bg-surface-muted p-5">
        <CartTotals cart={cart} showShipping />
        <Link to="/checkout" className={`${buttonClass} w-full`}>
          Proceed to Checkout
        </Link>
      </div>
    </div>
  );
}
