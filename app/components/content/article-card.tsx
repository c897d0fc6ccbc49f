import { Link } from "react-router";
import type { ArticleSummary } from "../../../server/content/article-types";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
export const formatArticleDate = (iso: string) => dateFormat.format(new Date(`${iso}T00:00:00Z`));

export function ArticleCard({ article, featured = false }: { article: ArticleSummary; featured?: boolean }) {
  return (
    <article className={featured ? "grid overflow-hidden rounded-3xl border border-line md:grid-cols-2" : "flex flex-col overflow-hidden rounded-3xl border border-line"}>
      <img src={article.image} alt="" width={400} height={500} loading={featured ? "eager" : "lazy"} className={featured ? "h-full max-h-96 w-full bg-[#eeebe4] object-contain" : "aspect-[4/3] w-full bg-[#eeebe4] object-contain"} />
      <div className="flex flex-1 flex-col gap-2 p-6">
        <p className="text-xs font-semibold uppercase tracking-widest text-brand-700 dark:text-brand-500">
          {featured && "Featured · "}
          {article.category}
        </p>
        <h2 className={featured ? "font-display text-3xl font-bold" : "font-display text-xl font-bold"}>
          <Link to={`/blog/${article.id}`} className="hover:underline">
            {article.title}
          </Link>
        </h2>
        <p className="text-ink-muted">{article.excerpt}</p>
        <p className="mt-auto pt-2 text-sm text-ink-muted">
          {article.author} · {formatArticleDate(article.publishDate)} · {article.readTime}
        </p>
      </div>
    </article>
  );
}
