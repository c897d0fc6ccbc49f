import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useMemo, useState } from "react";
import { toast } from "~/lib/toast";
import type { Cart } from "../../server/cart/cart-types";
import { apiRequest } from "./api";

export const CART_QUERY_KEY = ["/api/cart"] as const;

/** SPEC §9: the cart is never stale; it is refetched on mount and when the window regains focus. */
export function useCart() {
  return useQuery({
    queryKey: CART_QUERY_KEY,
    queryFn: () => apiRequest<Cart>("GET", "/api/cart"),
    staleTime: 0,
    refetchOnMount: true,
    refetchOnWindowFocus: true,
  });
}

export interface AddToCartInput {
  productId: number;
  quantity: number;
  color: string;
  size: string;
}

/** Every cart call answers the whole cart, which replaces the cached one. Failures show the server's reason. */
function useCartMutation<V>(call: (variables: V) => Promise<Cart>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (cart) => queryClient.setQueryData(CART_QUERY_KEY, cart),
    onError: (error) => {
      toast.error("Couldn't update your cart", { description: error instanceof Error ? error.message.replace(/^\d+: /, "") : undefined });
      void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
    },
  });
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

export function CartDrawerProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const value = useMemo(() => ({ open, setOpen }), [open]);
  return <CartDrawerContext.Provider value={value}>{children}</CartDrawerContext.Provider>;
}

export function useCartDrawer(): CartDrawerState {
  const state = useContext(CartDrawerContext);
  if (!state) throw new Error("useCartDrawer needs a CartDrawerProvider");
  return state;
}
