import { INFO_SLUGS } from "./info-pages";

/**
 * Where a post, page or policy lives on the storefront: posts under /blog; the info pages the routes know by name
 * (/shipping, /faq...) at the top level; every other page or policy under /pages. One rule for menus, the sitemap and
 * the staff screens.
 */
export function entryPath(entry: { kind: "post" | "page" | "policy"; slug: string }): string {
  if (entry.kind === "post") return `/blog/${entry.slug}`;
  return INFO_SLUGS.includes(entry.slug) ? `/${entry.slug}` : `/pages/${entry.slug}`;
}
