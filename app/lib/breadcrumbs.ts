import type { Collection } from "../../shared/taxonomy";
import { menuLabel } from "./navigation";
import { TWO_STEP_PATH } from "./staff-path";

export interface Crumb {
  label: string;
  /** Absent for the current page and for path prefixes that have no screen of their own. */
  href?: string;
}

const SKIPPED = new Set(["category"]);
const LABELS: Record<string, string> = {
  vsop: "VSOP Collection",
  "instagram-shop": "Instagram Shop",
  product: "Product",
  "tech-casual": "VSOP Collection",
  lookup: "Track an order",
};
/** Prefixes that are not pages: shown as text so no crumb leads to the not-found screen. */
const NOT_PAGES = new Set(["/product", "/orders", "/alerts", "/unsubscribe", "/drops"]);
/**
 * Prefixes that lead back to the page itself, shown as text: the staff area sends a member who hasn't given their
 * second factor to the two-step page, and only they see that page (issue 29).
 */
const LOOPS_BACK: Record<string, string> = { [TWO_STEP_PATH]: "/admin" };

function labelFor(segment: string, collections: readonly Collection[]): string {
  const decoded = safeDecode(segment);
  if (LABELS[decoded]) return LABELS[decoded];
  const collection = collections.find((c) => c.slug === decoded);
  if (collection) return menuLabel(collection);
  const subcategory = collections.flatMap((c) => c.subcategories).find((s) => s.slug === decoded);
  return subcategory?.name ?? decoded.split("-").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * SPEC §2 Breadcrumbs: Home, then one crumb per path segment ('category' skipped); empty when only Home would show.
 * Subcategories are named as `collections` (from the database) name them.
 */
export function buildBreadcrumbs(pathname: string, collections: readonly Collection[] = []): Crumb[] {
  const segments = pathname.split("/").filter(Boolean);
  const crumbs: Crumb[] = [];
  let path = "";
  for (const segment of segments) {
    path += `/${segment}`;
    if (SKIPPED.has(segment)) continue;
    const linked = !NOT_PAGES.has(path) && LOOPS_BACK[pathname] !== path;
    crumbs.push({ label: labelFor(segment, collections), href: linked ? path : undefined });
  }
  if (crumbs.length === 0) return [];
  const last = crumbs[crumbs.length - 1]!;
  crumbs[crumbs.length - 1] = { label: last.label };
  return [{ label: "Home", href: "/" }, ...crumbs];
}
