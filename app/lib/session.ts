import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useRouteLoaderData } from "react-router";
import type { User } from "../../server/accounts/user-types";
import type { loader as rootLoader } from "../root";

/** The signed-in user, from the root loader (null when signed out). */
export function useUser(): User | null {
  return useRouteLoaderData<typeof rootLoader>("root")?.user ?? null;
}

/**
 * True during the navigation that follows signing in or out, so the root route reloads its data for it (React
 * Router may ask the root's shouldRevalidate several times per navigation).
 */
let sessionChanging = false;

export const isSessionChanging = () => sessionChanging;

/** After signing in or out: go on with the root data (user, favourites) reloaded and every cached query refetched. */
export function useSessionChanged() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (to: string) => {
    sessionChanging = true;
    queryClient.removeQueries({ queryKey: ["/api/favorites"] });
    try {
      await navigate(to, { replace: true });
    } finally {
      sessionChanging = false;
    }
    await queryClient.invalidateQueries();
  };
}
