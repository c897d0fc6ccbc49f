import type { useNavigation } from "react-router";

/**
 * The listing's newest query, for a form about to change part of it: the one a navigation under way on this page is
 * loading, else the browser's address. Not the rendered location: the router changes the address first and React
 * renders the page for it afterwards (a transition, which a busy machine can take a while to commit), so a sort
 * chosen in between built on the query before and dropped the filter that had just applied.
 */
export function newestQuery(navigation: ReturnType<typeof useNavigation>, pathname: string): URLSearchParams {
  const pending = navigation.state !== "idle" && navigation.location.pathname === pathname ? navigation.location.search : null;
  return new URLSearchParams(pending ?? window.location.search);
}
