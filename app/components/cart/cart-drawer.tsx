import { useCallback, useLayoutEffect, useRef } from "react";
import { lazyDialog, LazyMount } from "~/components/ui/lazy-dialog";
import { useCartDrawer } from "~/lib/cart";

const panel = lazyDialog(() => import("./cart-drawer-panel"));

/** Fetches the drawer's code ahead of opening it: on intent over the cart button, or while an item is being added. */
export const preloadCartDrawer = panel.preload;

/**
 * The cart drawer (SPEC §4), opened from the header's cart button and after adding an item. Its code loads on first
 * use; when it closes, focus goes back to where it was when it opened (the cart button, or the Add to Cart button).
 */
export function CartDrawer() {
  const { open, setOpen } = useCartDrawer();
  const openerRef = useRef<HTMLElement | null>(null);
  // Layout effects run before the dialog's own (passive) effect moves focus into it.
  useLayoutEffect(() => {
    if (open) openerRef.current = document.activeElement as HTMLElement | null;
  }, [open]);
  const onCloseAutoFocus = useCallback((event: Event) => {
    event.preventDefault();
    const opener = openerRef.current;
    openerRef.current = null;
    if (opener?.isConnected && opener !== document.body) opener.focus();
  }, []);
  return (
    <LazyMount when={open}>
      <panel.Dialog open={open} onOpenChange={setOpen} onCloseAutoFocus={onCloseAutoFocus} />
    </LazyMount>
  );
}
