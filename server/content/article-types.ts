/** SPEC §3 Blog article; the content is paragraphs and headings, rendered as React elements (never raw HTML). */
export interface Article {
  /** The address: /blog/{id} (the seeded articles' are numbers; a content entry's is its slug). */
  id: number | string;
  title: string;
  excerpt: string;
  content: { type: "h2" | "p"; text: string }[];
  author: string;
  publishDate: string;
  readTime: string;
  category: string;
  tags: string[];
  image: string;
  featured: boolean;
}

export type ArticleSummary = Omit<Article, "content">;
