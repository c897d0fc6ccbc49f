import type { Database } from "../db/client";
import { contentEntries, type ContentKind } from "../db/schema";
import { infoPages } from "../../shared/info-pages";
import type { RichTextDoc, RichTextNode } from "../../shared/rich-text";
import { loadArticles } from "./blog";

/** Info pages that are the store's policies (the rest are pages). */
const POLICIES = new Set(["shipping", "returns", "privacy", "terms"]);

const paragraph = (text: string): RichTextNode => ({ type: "paragraph", content: [{ type: "text", text }] });
const heading = (text: string): RichTextNode => ({ type: "heading", attrs: { level: 2 }, content: [{ type: "text", text }] });

/** The articles in content/blog and the pages in shared/info-pages.ts as content entries, with the same addresses. */
export function seedEntries(): (typeof contentEntries.$inferInsert)[] {
  const posts = loadArticles().map((a) => {
    const publishedAt = new Date(`${a.publishDate}T00:00:00Z`);
    const body: RichTextDoc = { type: "doc", content: a.content.map((b) => (b.type === "h2" ? heading(b.text) : paragraph(b.text))) };
    return {
      kind: "post" as ContentKind,
      slug: String(a.id),
      title: a.title,
      excerpt: a.excerpt,
      body,
      cover: { src: a.image, alt: "" },
      author: a.author,
      category: a.category,
      tags: a.tags,
      featured: a.featured,
      readTime: a.readTime,
      status: "published" as const,
      publishedAt,
      createdAt: publishedAt,
      updatedAt: publishedAt,
      updatedBy: "seed",
    };
  });
  const pages = Object.entries(infoPages).map(([slug, page]) => ({
    kind: (POLICIES.has(slug) ? "policy" : "page") as ContentKind,
    slug,
    title: page.title,
    excerpt: page.intro,
    body: { type: "doc", content: page.sections.flatMap((s) => [heading(s.heading), ...s.paragraphs.map(paragraph)]) } as RichTextDoc,
    seoDescription: page.description,
    status: "published" as const,
    updatedBy: "seed",
  }));
  return [...posts, ...pages];
}

/**
 * Writes the seeded entries into a store that has none yet (a new store, or one from before issue 28); once there is
 * any entry, staff own them all, so a renamed or deleted page never comes back.
 */
export async function seedContent(db: Database, now: Date): Promise<{ entries: number }> {
  const [any] = await db.select({ id: contentEntries.id }).from(contentEntries).limit(1);
  if (any) return { entries: 0 };
  const rows = seedEntries().map((r) => ({ publishedAt: now, createdAt: now, updatedAt: now, ...r }));
  const inserted = await db.insert(contentEntries).values(rows).onConflictDoNothing({ target: [contentEntries.kind, contentEntries.slug] }).returning({ id: contentEntries.id });
  return { entries: inserted.length };
}
