import { ShoppingBag } from "lucide-react";
import { Dialog } from "radix-ui";
import { useNavigate } from "react-router";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import type { LazyDialogProps } from "~/components/ui/lazy-dialog";
import { Sheet } from "~/components/ui/sheet";
import { useCart } from "~/lib/cart";
import { CartLineItem } from "./cart-line-item";
import { CartTotals } from "./cart-totals";

/** The cart drawer's dialog, loaded when the shopper first reaches for the cart (cart-drawer.tsx). */
export default function CartDrawerPanel({ open, onOpenChange, onCloseAutoFocus }: LazyDialogProps) {
  const { data: cart } = useCart();
  const navigate = useNavigate();
  const close = () => onOpenChange(false);
  const empty = !cart || cart.items.length === 0;
  return (
    <Sheet open={open} onOpenChange={onOpenChange} onCloseAutoFocus={onCloseAutoFocus} edge="right" title="Your Shopping Cart" closeLabel="Close cart">
      {empty ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 px-8 text-center">
          <ShoppingBag aria-hidden="true" className="size-12 text-ink-muted" />
          <p className="text-lg font-semibold">Your cart is empty</p>
          <Dialog.Description className="text-sm text-ink-muted">Looks like you haven't added any items to your cart yet.</Dialog.Description>
          <button type="button" onClick={close} className={`${buttonClass} mt-4`}>
            Continue Shopping
          </button>
        </div>
      ) : (
        <>
          <Dialog.Description className="sr-only">
            {cart.itemCount} {cart.itemCount === 1 ? "item" : "items"} in your cart
          </Dialog.Description>
          <ul className="flex-1 divide-y divide-line overflow-y-auto px-5">
            {cart.items.map((line) => (
              <CartLineItem key={line.id} line={line} onNavigate={close} />
            ))}
          </ul>
          <footer className="space-y-4 border-t border-line bg-surface-muted px-5 py-5">
            <CartTotals cart={cart} />
            <button
              type="button"
              className={`${buttonClass} w-full`}
              onClick={() => {
                close();
                navigate("/checkout");
              }}
            >
              Proceed to Checkout
            </button>
            <button type="button" onClick={close} className={`${secondaryButtonClass} w-full`}>
              Continue Shopping
            </button>
          </footer>
        </>
      )}
    </Sheet>
  );
}
