import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useRouteLoaderData } from "react-router";
import { toast } from "~/lib/toast";
import type { Product } from "../../server/catalog/product-types";
import type { loader as rootLoader } from "../root";
import { apiRequest } from "./api";
import { useUser } from "./session";

export const FAVORITES_KEY = ["/api/favorites"] as const;

/** The signed-in shopper's favourite products (seeded with their ids from the root loader). */
export function useFavorites() {
  const user = useUser();
  const ids = useRouteLoaderData<typeof rootLoader>("root")?.favoriteIds ?? [];
  return useQuery({
    queryKey: FAVORITES_KEY,
    queryFn: () => apiRequest<Product[]>("GET", "/api/favorites"),
    enabled: Boolean(user),
    placeholderData: ids.map((id) => ({ id }) as Product),
  });
}

/** Heart toggling: signed-out shoppers are sent to sign in first. */
export function useToggleFavorite() {
  const user = useUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data } = useFavorites();
  const mutation = useMutation({
    mutationFn: ({ productId, add }: { productId: number; add: boolean }) =>
      add ? apiRequest<Product[]>("POST", "/api/favorites", { productId }) : apiRequest<Product[]>("DELETE", `/api/favorites/${productId}`),
    onSuccess: (list) => queryClient.setQueryData(FAVORITES_KEY, list),
    onError: () => toast.error("Couldn't update your favourites", { description: "Please try again." }),
  });
  const isFavorite = (productId: number) => Boolean(data?.some((p) => p.id === productId));
  const toggle = (productId: number, name: string) => {
    if (!user) {
      toast("Sign in to save favourites", { description: `Keep ${name} for later by signing in.` });
      navigate(`/login?redirectTo=${encodeURIComponent(window.location.pathname)}`);
      return;
    }
    const add = !isFavorite(productId);
    mutation.mutate({ productId, add }, { onSuccess: () => toast.success(add ? "Saved to favourites" : "Removed from favourites", { description: name }) });
  };
  return { isFavorite, toggle, pending: mutation.isPending };
}
