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
