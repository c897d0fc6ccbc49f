import { photoJpeg } from "../../shared/photo-urls";
import type { ContentCover, ContentEntryRow } from "../db/schema";
import type { ArticleSummary } from "./article-types";

export const POST_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A cover's plain image URL: the shipped file, or the photo pipeline's JPEG; the store's card without one. */
export const coverUrl = (cover: ContentCover | null) => cover?.src ?? (cover?.key && cover.widths?.length ? photoJpeg({ key: cover.key, widths: cover.widths }) : "/og/default.png");

/** A live post as the blog's card and the article page read it (SPEC §3 Blog article): its address is /blog/{id}. */
export function postSummary(e: ContentEntryRow): ArticleSummary {
  return {
    id: e.slug,
    title: e.title,
    excerpt: e.excerpt,
    author: e.author ?? "",
    publishDate: (e.publishedAt ?? e.publishAt ?? e.createdAt).toISOString().slice(0, 10),
    readTime: e.readTime ?? "",
    category: e.category ?? "",
    tags: e.tags,
    image: coverUrl(e.cover),
    featured: e.featured,
  };
}
