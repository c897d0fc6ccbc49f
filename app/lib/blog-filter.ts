import type { ArticleSummary } from "../../server/content/article-types";

export const BLOG_CATEGORIES = ["All", "Fashion Trends", "Style Guide", "Sustainability", "Brand News"] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

/**
 * SPEC §2 /blog: text search over title, excerpt and tags plus a category. The featured article sits on top only
 * with All and no search; otherwise every match is in the grid (DESIGN decision 0010: a search for the featured
 * article should find it).
 */
export function filterArticles(articles: ArticleSummary[], { q, category }: { q: string; category: BlogCategory }) {
  const needle = q.trim().toLowerCase();
  const matches = articles.filter(
    (a) =>
      (category === "All" || a.category === category) &&
      (!needle || a.title.toLowerCase().includes(needle) || a.excerpt.toLowerCase().includes(needle) || a.tags.some((t) => t.toLowerCase().includes(needle))),
  );
  const showFeatured = category === "All" && !needle;
  const featured = showFeatured ? (matches.find((a) => a.featured) ?? null) : null;
  return { featured, grid: matches.filter((a) => a !== featured) };
}

export function readBlogCategory(value: string | null): BlogCategory {
  return BLOG_CATEGORIES.find((c) => c === value) ?? "All";
}
