import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { AppError } from "../errors";
import { projectRoot } from "../paths";
import type { Article, ArticleSummary } from "./article-types";

/** Front matter (key: value lines between ---) and a body of paragraphs and "## " headings. */
export function parseArticle(text: string, file = "article"): Article {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text.replace(/\r\n/g, "\n"));
  if (!match) throw new Error(`${file}: missing front matter`);
  const meta = Object.fromEntries(
    match[1]!.split("\n").map((line) => {
      const at = line.indexOf(":");
      return [line.slice(0, at).trim(), line.slice(at + 1).trim()];
    }),
  );
  for (const key of ["id", "title", "excerpt", "author", "publishDate", "readTime", "category", "tags", "image"]) {
    if (!meta[key]) throw new Error(`${file}: missing ${key}`);
  }
  const content = match[2]!
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => (block.startsWith("## ") ? { type: "h2" as const, text: block.slice(3).trim() } : { type: "p" as const, text: block.replace(/\n/g, " ") }));
  return {
    id: Number(meta.id),
    title: meta.title!,
    excerpt: meta.excerpt!,
    content,
    author: meta.author!,
    publishDate: meta.publishDate!,
    readTime: meta.readTime!,
    category: meta.category!,
    tags: meta.tags!.split(",").map((t: string) => t.trim()).filter(Boolean),
    image: meta.image!,
    featured: meta.featured === "true",
  };
}

let cache: Article[] | null = null;

/** The articles in content/blog, newest first (read once per process). */
export function loadArticles(dir = join(projectRoot, "content", "blog")): Article[] {
  cache ??= readdirSync(dir)
    .filter((f) => f.endsWith(".md"))
    .map((f) => parseArticle(readFileSync(join(dir, f), "utf8"), f))
    .sort((a, b) => b.publishDate.localeCompare(a.publishDate) || Number(a.id) - Number(b.id));
  return cache;
}

export function listArticles(): ArticleSummary[] {
  return loadArticles().map(({ content: _content, ...summary }) => summary);
}

export function getArticle(id: number): Article {
  const article = loadArticles().find((a) => a.id === id);
  if (!article) throw new AppError("not_found", `Article ${id} not found`);
  return article;
}
