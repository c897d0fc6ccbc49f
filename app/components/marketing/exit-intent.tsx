import { type ComponentType, useEffect, useState } from "react";

/**
 * SPEC §4's exit popup, whose code (its trigger, and the offer's dialog when it opens) comes once the page has loaded
 * and the browser is idle: the popup arms no sooner than 3 s after the page began loading anyway (issue 30, item 5).
 */
export function ExitIntent() {
  const [Popup, setPopup] = useState<ComponentType | null>(null);
  useEffect(() => {
    let cancelled = false;
    const load = () => void import("./exit-intent-popup").then((m) => !cancelled && setPopup(() => m.ExitIntentPopup));
    const whenIdle = () => ("requestIdleCallback" in window ? requestIdleCallback(load, { timeout: 2000 }) : setTimeout(load, 1000));
    if (document.readyState === "complete") whenIdle();
    else window.addEventListener("load", whenIdle, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener("load", whenIdle);
    };
  }, []);
  return Popup ? <Popup /> : null;
}
