import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";
import { toast } from "~/lib/toast";
import type { Cart } from "../../server/cart/cart-types";
import { CART_JSON_ID } from "../../shared/viewer";
import { apiRequest } from "./api";
import { onSessionChange } from "./session";
import { stitchedJson } from "./stitched-json";
import { Store, useStore } from "./store";

/**
 * The cart as this browser last saw it: the root loader's to start with, then the answer of every cart call (each
 * answers the whole cart). A plain store rather than React Query, which would put 10 KB of script on every page for
 * this alone (decision 0023).
 */
class CartStore extends Store<Cart | undefined> {
  #fetching: Promise<void> | null = null;
  #changes = 0;

  override set(cart: Cart | undefined): void {
    this.#changes++;
    super.set(cart);
  }

  /** One request at a time; an answer that left before a cart call's answer arrived is dropped as older. */
  refetch(): Promise<void> {
    const changes = this.#changes;
    this.#fetching ??= apiRequest<Cart>("GET", "/api/cart")
      .then(
        (cart) => {
          if (this.#changes === changes) this.set(cart);
        },
        () => {}, // the last cart stays; the next mount or return to the page asks again
      )
      .finally(() => {
        this.#fetching = null;
      });
    return this.#fetching;
  }
}

const CartContext = createContext<CartStore | null>(null);

function useCartStore(): CartStore {
  const store = useContext(CartContext);
  if (!store) throw new Error("The cart needs a CartProvider");
  return store;
}

/** SPEC §9: the cart is never stale; it is fetched again whenever a component showing it mounts and when the page is shown again. */
export function useCart(): { data: Cart | undefined } {
  const store = useCartStore();
  useEffect(() => void store.refetch(), [store]);
  return { data: useStore(store) };
}

/** Fetches the cart again (after a payment, which empties it on the server). */
export function useRefetchCart(): () => Promise<void> {
  const store = useCartStore();
  return () => store.refetch();
}

export interface AddToCartInput {
  productId: number;
  quantity: number;
  color: string;
  size: string;
  /** A gift card's recipient (left out: the buyer), note and send day (YYYY-MM-DD; left out: once paid). */
  giftCard?: { recipientEmail?: string; message?: string; sendOn?: string };
}

/** Every cart call answers the whole cart, which replaces the one shown. Failures show the server's reason. */
function useCartMutation<V>(call: (variables: V) => Promise<Cart>) {
  const store = useCartStore();
  const [pending, setPending] = useState(0);
  async function mutateAsync(variables: V): Promise<Cart> {
    setPending((n) => n + 1);
    try {
      const cart = await call(variables);
      store.set(cart);
      return cart;
    } catch (error) {
      toast.error("Couldn't update your cart", { description: error instanceof Error ? error.message.replace(/^\d+: /, "") : undefined });
      void store.refetch();
      throw error;
    } finally {
      setPending((n) => n - 1);
    }
  }
  return { mutateAsync, mutate: (variables: V) => void mutateAsync(variables).catch(() => {}), isPending: pending > 0 };
}

export const useAddToCart = () => useCartMutation((item: AddToCartInput) => apiRequest<Cart>("POST", "/api/cart/items", item));
export const useUpdateCartItem = () =>
  useCartMutation(({ id, quantity }: { id: number; quantity: number }) => apiRequest<Cart>("PATCH", `/api/cart/items/${id}`, { quantity }));
export const useRemoveCartItem = () => useCartMutation((id: number) => apiRequest<Cart>("DELETE", `/api/cart/items/${id}`));

interface CartDrawerState {
  open: boolean;
  setOpen: (open: boolean) => void;
}

const CartDrawerContext = createContext<CartDrawerState | null>(null);

/** The cart (seeded with the root loader's, or the one stitched into the cart page) and the drawer's open state, for the whole app. */
export function CartProvider({ cart, children }: { cart: Cart | undefined; children: ReactNode }) {
  const [store] = useState(() => new CartStore(cart ?? stitchedJson<Cart>(CART_JSON_ID)));
  const [open, setOpen] = useState(false);
  const drawer = useMemo(() => ({ open, setOpen }), [open]);
  useEffect(() => {
    // Back to the page (another tab, the phone unlocked): the cart may have changed elsewhere.
    const onVisible = () => {
      if (document.visibilityState === "visible" && store.watched) void store.refetch();
    };
    document.addEventListener("visibilitychange", onVisible);
    const stopListening = onSessionChange(() => void store.refetch());
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      stopListening();
    };
  }, [store]);
  return (
    <CartContext.Provider value={store}>
      <CartDrawerContext.Provider value={drawer}>{children}</CartDrawerContext.Provider>
    </CartContext.Provider>
  );
}

export function useCartDrawer(): CartDrawerState {
  const state = useContext(CartDrawerContext);
  if (!state) throw new Error("useCartDrawer needs a CartProvider");
  return state;
}
