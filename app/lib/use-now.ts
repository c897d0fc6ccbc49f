import { useSyncExternalStore } from "react";

function subscribe(onTick: () => void) {
  const timer = setInterval(onTick, 1000);
  return () => clearInterval(timer);
}

/**
 * The time, ticking each second. During hydration it is the server's render time (passed from the loader), so the
 * countdown's first client render matches the HTML. `offsetMs` is how far the store's clock runs from real time
 * (STORE_CLOCK_OFFSET; the same for every visitor, so a cached page may carry it): a drop then opens in the browser at
 * the instant the store opens it.
 */
export function useNow(serverNow: number, offsetMs = 0): Date {
  const currentSecond = () => Math.floor((Date.now() + offsetMs) / 1000) * 1000;
  return new Date(useSyncExternalStore(subscribe, currentSecond, () => serverNow));
}

/**
 * The time as `useNow` gives it once the page has hydrated, and null on the server and during hydration: for a page
 * whose HTML must not depend on the instant it was rendered (the product page, cached and shared byte for byte), which
 * renders from what its loader decided until then.
 */
export function useLiveNow(offsetMs = 0, ticking = true): Date | null {
  const currentSecond = () => Math.floor((Date.now() + offsetMs) / 1000) * 1000;
  // Not ticking (a page with nothing timed on it): the hydrated time, read once, and no re-render each second.
  const t = useSyncExternalStore<number | null>(ticking ? subscribe : still, ticking ? currentSecond : hydratedAt, () => null);
  return t === null ? null : new Date(t);
}

const still = () => () => undefined;
let hydrated: number | null = null;
const hydratedAt = () => (hydrated ??= Date.now());
