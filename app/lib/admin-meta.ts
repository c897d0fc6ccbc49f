import type { MetaDescriptor } from "react-router";
import { adminSectionOf } from "./admin-sections";
import { type Matches, storeOf } from "./seo";

/**
 * "Returns · Orders | Kent Street Goods Admin": a staff page's title, then its section's group when that is another
 * name (app/lib/admin-sections.ts), never indexed.
 */
export function adminMeta(matches: Matches, title: string): MetaDescriptor[] {
  const name = storeOf(matches)?.name;
  const pathname = (matches[matches.length - 1] as { pathname?: string } | undefined)?.pathname;
  const group = pathname ? adminSectionOf(pathname)?.group.label : undefined;
  const full = group && group !== title ? `${title} · ${group}` : title;
  return [{ title: name ? `${full} | ${name} Admin` : full }, { name: "robots", content: "noindex" }];
}
