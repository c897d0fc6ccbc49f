import type { MetaDescriptor } from "react-router";

interface RootData {
  origin?: string;
}

/** The store's public origin, from the root loader (PUBLIC_URL). */
export function originOf(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): string {
  const root = matches.find((m) => m?.id === "root");
  const data = root?.loaderData as RootData | undefined;
  return data?.origin ?? "";
}

/**
 * Title, description, canonical URL, Open Graph and Twitter tags for a page. Images default to the site's 1200 × 630
 * preview.
 */
export function seo({ title, description, path, origin, image = "/og/default.png", type = "website", noindex = false }: { title: string; description: string; path: string; origin: string; image?: string; type?: string; noindex?: boolean }): MetaDescriptor[] {
  const url = `${origin}${path}`;
  const imageUrl = `${origin}${image}`;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: "VSOP Apparel" },
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
