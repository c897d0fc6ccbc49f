import { useSyncExternalStore } from "react";

function subscribe(onTick: () => void) {
  const timer = setInterval(onTick, 1000);
  return () => clearInterval(timer);
}
const currentSecond = () => Math.floor(Date.now() / 1000) * 1000;

/**
 * The time, ticking each second. During hydration it is the server's render time (passed from the loader), so the
 * countdown's first client render matches the HTML.
 */
export function useNow(serverNow: number): Date {
  return new Date(useSyncExternalStore(subscribe, currentSecond, () => serverNow));
}
