import { type ReactNode, useEffect } from "react";

type Skeletons = typeof import("./page-skeletons");

let skeletons: Skeletons | null = null;
const loadSkeletons = () => void import("./page-skeletons").then((module) => (skeletons = module));

/**
 * The skeletons' code (issue 30, item 5: none of it is needed to show the page) is fetched on the first sign of a
 * navigation: a pointer over a link, a touch, or focus on one. A navigation that starts before it came shows the
 * current page until the next one is ready, as without a skeleton.
 */
export function useSkeletonCode() {
  useEffect(() => {
    const events = ["pointerover", "touchstart", "focusin"] as const;
    const stop = () => events.forEach((type) => document.removeEventListener(type, onIntent, true));
    function onIntent(event: Event) {
      if (!(event.target instanceof Element) || !event.target.closest("a[href]")) return;
      stop();
      loadSkeletons();
    }
    events.forEach((type) => document.addEventListener(type, onIntent, { capture: true, passive: true }));
    return stop;
  }, []);
}

/** The skeleton of the page a navigation goes to, when it has one and its code is here. */
export function pendingSkeleton(pathname: string): ReactNode {
  return skeletons?.hasSkeleton(pathname) ? <skeletons.PendingPage pathname={pathname} /> : null;
}
