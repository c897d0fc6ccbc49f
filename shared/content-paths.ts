import { INFO_SLUGS } from "./info-slugs";

/**
 * Where a post, page or policy lives on the storefront: posts under /blog; the info pages the routes know by name
 * (/shipping, /faq...) at the top level; every other page or policy under /pages. One rule for menus, the sitemap and
 * the staff screens.
 */
export function entryPath(entry: { kind: "post" | "page" | "policy"; slug: string }): string {
  if (entry.kind === "post") return `/blog/${entry.slug}`;
  return (INFO_SLUGS as readonly string[]).includes(entry.slug) ? `/${entry.slug}` : `/pages/${entry.slug}`;
}

/**
 * The one rule for what shoppers see (issue 28): published, or scheduled with its time passed. The database query is
 * server/content/published.ts's `isLive`; this is the same rule for an entry in hand (a Date or an ISO string).
 */
export function isLiveEntry(entry: { status: string; publishAt: Date | string | null }, now: Date | string): boolean {
  if (entry.status === "published") return true;
  return entry.status === "scheduled" && entry.publishAt !== null && new Date(entry.publishAt).getTime() <= new Date(now).getTime();
}
