import { useEffect, useRef } from "react";

/**
 * The token of an emailed link (`/page#token=…`): read once from the fragment (which never reaches the server) and
 * taken out of the address bar and history. `onToken` runs with it once.
 */
export function useLinkToken(onToken?: (token: string | null) => void) {
  const token = useRef<string | null>(null);
  const handled = useRef(false);
  useEffect(() => {
    const fromLink = new URLSearchParams(window.location.hash.slice(1)).get("token");
    if (fromLink) {
      token.current = fromLink;
      window.history.replaceState(null, "", window.location.pathname);
    }
    if (!handled.current) {
      handled.current = true;
      onToken?.(token.current);
    }
  }, [onToken]);
  return token;
}
