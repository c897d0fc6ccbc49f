import type { MetaDescriptor } from "react-router";
import { absoluteUrl } from "../../shared/photo-urls";
import type { PublicStore } from "../../shared/store-settings";

interface RootData {
  origin?: string;
  store?: PublicStore;
}

export type Matches = readonly ({ id: string; loaderData?: unknown } | undefined)[];

const rootData = (matches: Matches) => matches.find((m) => m?.id === "root")?.loaderData as RootData | undefined;

/** The store's public origin, from the root loader (PUBLIC_URL). */
export function originOf(matches: Matches): string {
  return rootData(matches)?.origin ?? "";
}

/** The store as its settings describe it (the root loader's `store`); null when the root loader failed. */
export function storeOf(matches: Matches): PublicStore | null {
  return rootData(matches)?.store ?? null;
}

/** "Contact Us | Kent Street Goods": a page's title, then the store's name as staff set it. */
export function pageTitle(matches: Matches, title: string): string {
  const name = storeOf(matches)?.name;
  return name ? `${title} | ${name}` : title;
}

/**
 * Title, description, canonical URL, Open Graph and Twitter tags for a page (the origin and site name from the root
 * loader, `matches`). Images default to the site's 1200 × 630 preview.
 */
export function seo({ title, description, path, matches, image = "/og/default.png", type = "website", noindex = false }: { title: string; description: string; path: string; matches: Matches; image?: string; type?: string; noindex?: boolean }): MetaDescriptor[] {
  const origin = originOf(matches);
  const url = `${origin}${path}`;
  const imageUrl = absoluteUrl(origin, image);
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...(storeOf(matches) ? [{ property: "og:site_name", content: storeOf(matches)!.name }] : []),
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
