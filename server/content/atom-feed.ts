import type { ContentEntryRow } from "../db/schema";
import { postSummary } from "./posts";

const xmlEscape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/** /blog/feed.xml: an Atom feed (RFC 4287) of the live posts, newest first. */
export function atomFeed({ origin, storeName, posts }: { origin: string; storeName: string; posts: ContentEntryRow[] }): string {
  const updated = posts.reduce((latest, p) => (p.updatedAt > latest ? p.updatedAt : latest), new Date(0));
  const entries = posts.map((p) => {
    const url = `${origin}/blog/${p.slug}`;
    const summary = postSummary(p);
    return [
      "<entry>",
      `<id>${xmlEscape(url)}</id>`,
      `<title>${xmlEscape(p.title)}</title>`,
      `<link rel="alternate" type="text/html" href="${xmlEscape(url)}"/>`,
      `<published>${(p.publishedAt ?? p.publishAt ?? p.createdAt).toISOString()}</published>`,
      `<updated>${p.updatedAt.toISOString()}</updated>`,
      `<author><name>${xmlEscape(summary.author || storeName)}</name></author>`,
      summary.category ? `<category term="${xmlEscape(summary.category)}"/>` : "",
      `<summary>${xmlEscape(p.excerpt)}</summary>`,
      "</entry>",
    ].join("");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<id>${xmlEscape(`${origin}/blog`)}</id>`,
    `<title>${xmlEscape(`${storeName} Journal`)}</title>`,
    `<link rel="self" type="application/atom+xml" href="${xmlEscape(`${origin}/blog/feed.xml`)}"/>`,
    `<link rel="alternate" type="text/html" href="${xmlEscape(`${origin}/blog`)}"/>`,
    `<updated>${updated.toISOString()}</updated>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
