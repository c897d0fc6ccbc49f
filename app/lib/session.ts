import { useNavigate } from "react-router";
import type { User } from "../../server/accounts/user-types";
import { apiRequest } from "./api";
import { useRenderedViewer, useUpdateViewer } from "./viewer";

/**
 * The signed-in user (null when signed out), from the viewer (decision 0034): on a shared page, nobody until the page
 * has hydrated, then the visitor.
 */
export function useUser(): User | null {
  return useRenderedViewer().user;
}

/**
 * True during the navigation that follows signing in or out, so the root route reloads its data for it (React
 * Router may ask the root's shouldRevalidate several times per navigation).
 */
let sessionChanging = false;

export const isSessionChanging = () => sessionChanging;

/** What holds one shopper's data in the browser (the cart, the favourites, React Query's cache) listens here. */
const sessionListeners = new Set<() => void>();

/** Called after each sign-in or sign-out, once the page that follows has its data; returns the unsubscribe. */
export function onSessionChange(listener: () => void): () => void {
  sessionListeners.add(listener);
  return () => void sessionListeners.delete(listener);
}

/** After signing in or out: go on with the root data (user, favourites) reloaded and every cached answer fetched again. */
export function useSessionChanged() {
  const navigate = useNavigate();
  return async (to: string) => {
    sessionChanging = true;
    try {
      await navigate(to, { replace: true });
    } finally {
      sessionChanging = false;
    }
    for (const listener of sessionListeners) listener();
  };
}

/**
 * After this browser's session ended (logout, signing out everywhere, deleting the account): the viewer names nobody
 * at once, so the next page never asks for the old shopper's favourites (a 401) while the viewer is fetched again;
 * then the page changes as after any sign-out.
 */
export function useSignedOut(): (to: string) => Promise<void> {
  const updateViewer = useUpdateViewer();
  const sessionChanged = useSessionChanged();
  return (to) => {
    updateViewer({ user: null, favoriteIds: [] });
    return sessionChanged(to);
  };
}

/**
 * Every "Sign out" button (the account page, the staff frame, the two-step page): signs this browser out (whatever the
 * server answers), then clears the viewer before going to `to`, as after any end of a session. The viewer is cleared
 * after the call, not before: on a staff page a viewer naming nobody brings the storefront's header and footer in
 * (app/root.tsx), and they would show for the length of the call.
 */
export function useSignOut(): (to: string) => Promise<void> {
  const signedOut = useSignedOut();
  return async (to) => {
    await apiRequest("POST", "/api/auth/logout", {}).catch(() => undefined);
    await signedOut(to);
  };
}
