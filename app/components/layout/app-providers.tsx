import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import type { Cart } from "../../../server/cart/cart-types";
import { CART_QUERY_KEY, CartDrawerProvider } from "~/lib/cart";
import { apiRequest } from "~/lib/api";
import { ToastHost } from "./toast-host";

/** SPEC §9 caching: data is fresh for 5 minutes, kept 10, never retried; the cart overrides this (lib/cart.tsx). */
function createQueryClient(cart: Cart | undefined) {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        gcTime: 10 * 60_000,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        queryFn: ({ queryKey }) => apiRequest("GET", String(queryKey[0])),
      },
      mutations: { retry: false },
    },
  });
  if (cart) client.setQueryData(CART_QUERY_KEY, cart);
  return client;
}

export function AppProviders({ cart, children }: { cart: Cart | undefined; children: ReactNode }) {
  const [queryClient] = useState(() => createQueryClient(cart));
  return (
    <QueryClientProvider client={queryClient}>
      <CartDrawerProvider>
        {children}
        <ToastHost />
      </CartDrawerProvider>
    </QueryClientProvider>
  );
}
