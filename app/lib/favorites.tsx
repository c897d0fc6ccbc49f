import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "~/lib/toast";
import type { Product } from "../../server/catalog/product-types";
import { apiRequest } from "./api";
import { onSessionChange, useUser } from "./session";
import { Store, useStore } from "./store";
import { useRenderedViewer, useUpdateViewer } from "./viewer";

interface Favorites {
  userId: string;
  products: Product[];
}

/** The signed-in shopper's favourite products, fetched once they are first shown and replaced by each change's answer. */
class FavoritesStore extends Store<Favorites | null> {
  #loading: string | null = null;
  #resets = 0;

  load(userId: string): void {
    if (this.#loading === userId) return;
    this.#loading = userId;
    const resets = this.#resets;
    apiRequest<Product[]>("GET", "/api/favorites")
      .then(
        (products) => {
          if (this.#resets === resets) this.set({ userId, products });
        },
        () => {}, // the viewer's ids stay; the next component to show them asks again
      )
      .finally(() => {
        if (this.#loading === userId) this.#loading = null;
      });
  }

  /** After signing in or out: whatever was fetched is dropped, and fetched again when shown. */
  reset(): void {
    this.#resets++;
    this.#loading = null;
    this.set(null);
  }
}

const FavoritesContext = createContext<FavoritesStore | null>(null);

export function FavoritesProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => new FavoritesStore(null));
  useEffect(() => onSessionChange(() => store.reset()), [store]);
  return <FavoritesContext.Provider value={store}>{children}</FavoritesContext.Provider>;
}

function useFavoritesStore(): FavoritesStore {
  const store = useContext(FavoritesContext);
  if (!store) throw new Error("Favourites need a FavoritesProvider");
  return store;
}

/**
 * The signed-in shopper's favourite products. Until they arrive, the viewer's ids stand in for them
 * (`isPlaceholderData`); on a shared page the stitched stylesheet fills the hearts until the page has hydrated.
 */
export function useFavorites(): { data: Product[]; isPlaceholderData: boolean } {
  const viewer = useRenderedViewer();
  const userId = viewer.user?.id ?? null;
  const ids = viewer.favoriteIds;
  const store = useFavoritesStore();
  const fetched = useStore(store);
  const mine = fetched && fetched.userId === userId ? fetched.products : null;
  useEffect(() => {
    if (userId && !mine) store.load(userId);
  }, [userId, mine, store]);
  return mine ? { data: mine, isPlaceholderData: false } : { data: ids.map((id) => ({ id }) as Product), isPlaceholderData: true };
}

/** Heart toggling: signed-out shoppers are sent to sign in first. */
export function useToggleFavorite() {
  const user = useUser();
  const navigate = useNavigate();
  const store = useFavoritesStore();
  const updateViewer = useUpdateViewer();
  const { data } = useFavorites();
  const [pending, setPending] = useState(0);
  const isFavorite = (productId: number) => data.some((p) => p.id === productId);
  const toggle = async (productId: number, name: string) => {
    if (!user) {
      toast("Sign in to save favourites", { description: `Keep ${name} for later by signing in.` });
      navigate(`/login?redirectTo=${encodeURIComponent(window.location.pathname)}`);
      return;
    }
    const add = !isFavorite(productId);
    setPending((n) => n + 1);
    try {
      const products = add ? await apiRequest<Product[]>("POST", "/api/favorites", { productId }) : await apiRequest<Product[]>("DELETE", `/api/favorites/${productId}`);
      store.set({ userId: user.id, products });
      // The viewer's stylesheet fills the hearts of its favourite ids: it must lose one that was removed.
      updateViewer({ favoriteIds: products.map((p) => p.id) });
      toast.success(add ? "Saved to favourites" : "Removed from favourites", { description: name });
    } catch {
      toast.error("Couldn't update your favourites", { description: "Please try again." });
    } finally {
      setPending((n) => n - 1);
    }
  };
  return { isFavorite, toggle, pending: pending > 0 };
}
