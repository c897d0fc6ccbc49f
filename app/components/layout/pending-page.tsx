import { type ReactNode, useEffect } from "react";
import { onNavigationIntent } from "~/lib/navigation-intent";

type Skeletons = typeof import("./page-skeletons");

let skeletons: Skeletons | null = null;

/**
 * The skeletons' code (issue 30, item 5: none of it is needed to show the page) is fetched on the first sign of a
 * navigation. A navigation that starts before it came shows the current page until the next one is ready, as without
 * a skeleton.
 */
export function useSkeletonCode() {
  useEffect(() => onNavigationIntent(() => void import("./page-skeletons").then((module) => (skeletons = module))), []);
}

/** The skeleton of the page a navigation goes to, when it has one and its code is here. */
export function pendingSkeleton(pathname: string): ReactNode {
  return skeletons?.hasSkeleton(pathname) ? <skeletons.PendingPage pathname={pathname} /> : null;
}
