import { collections } from "./taxonomy";

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
};
/** Prefixes that are not pages: shown as text so no crumb leads to the not-found screen. */
const NOT_PAGES = new Set(["/product"]);

const knownNames = new Map<string, string>(
  collections.flatMap((c) => c.subcategories.map((s) => [s.slug, s.name] as [string, string])),
);

function labelFor(segment: string): string {
  const decoded = safeDecode(segment);
  return LABELS[decoded] ?? knownNames.get(decoded) ?? decoded.split("-").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** SPEC §2 Breadcrumbs: Home, then one crumb per path segment ('category' skipped); empty when only Home would show. */
export function buildBreadcrumbs(pathname: string): Crumb[] {
  const segments = pathname.split("/").filter(Boolean);
  const crumbs: Crumb[] = [];
  let path = "";
  for (const segment of segments) {
    path += `/${segment}`;
    if (SKIPPED.has(segment)) continue;
    crumbs.push({ label: labelFor(segment), href: NOT_PAGES.has(path) ? undefined : path });
  }
  if (crumbs.length === 0) return [];
  const last = crumbs[crumbs.length - 1]!;
  crumbs[crumbs.length - 1] = { label: last.label };
  return [{ label: "Home", href: "/" }, ...crumbs];
}
