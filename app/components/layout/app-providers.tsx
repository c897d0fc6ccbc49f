import type { ReactNode } from "react";
import type { Cart } from "../../../server/cart/cart-types";
import { CartProvider } from "~/lib/cart";
import { FavoritesProvider } from "~/lib/favorites";
import { ToastHost } from "./toast-host";

/**
 * What every page shares: the cart (seeded from the root loader) and the favourites. React Query is not here: the
 * pages and dialogs that use it bring it along (lib/query-client.tsx, decision 0023).
 */
export function AppProviders({ cart, children }: { cart: Cart | undefined; children: ReactNode }) {
  return (
    <CartProvider cart={cart}>
      <FavoritesProvider>
        {children}
        <ToastHost />
      </FavoritesProvider>
    </CartProvider>
  );
}
