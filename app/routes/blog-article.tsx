import { data, Link } from "react-router";
import type { Route } from "./+types/blog-article";
import { servicesContext } from "~/context";
import { formatArticleDate } from "~/components/content/article-card";
import { originOf, pageTitle, seo } from "~/lib/seo";

export function loader({ params, context }: Route.LoaderArgs) {
  if (!/^[1-9]\d{0,5}$/.test(params.id)) throw data(null, { status: 404 });
  try {
    return { article: context.get(servicesContext).content.getArticle({ id: Number(params.id) }) };
  } catch {
    throw data(null, { status: 404 });
  }
}

export const handle = { breadcrumb: (d: { article?: { title: string } } | undefined) => d?.article?.title };

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) => {
  if (!data) return [{ title: pageTitle(matches, "Article not found") }, { name: "robots", content: "noindex" }];
  const { article } = data;
  const origin = originOf(matches);
  return [
    ...seo({ title: `${article.title} | VSOP Journal`, description: article.excerpt, path: `/blog/${article.id}`, matches, type: "article" }),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: article.title,
        description: article.excerpt,
        author: { "@type": "Person", name: article.author },
        datePublished: article.publishDate,
        image: `${origin}${article.image}`,
        mainEntityOfPage: `${origin}/blog/${article.id}`,
      },
    },
  ];
};

export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData;
  return (
    <article className="container-page max-w-3xl pb-8 pt-6">
      <p className="text-xs font-semibold uppercase tracking-widest text-brand-700 dark:text-brand-500">{article.category}</p>
      <h1 className="mt-2 font-display text-4xl font-bold tracking-tight">{article.title}</h1>
      <p className="mt-3 text-sm text-ink-muted">
        {article.author} · <time dateTime={article.publishDate}>{formatArticleDate(article.publishDate)}</time> · {article.readTime}
      </p>
      <img src={article.image} alt="" width={400} height={500} className="mt-8 max-h-96 w-full rounded-3xl bg-[#eeebe4] object-contain" />
      <div className="mt-8 space-y-5 text-lg leading-8">
        {article.content.map((block, i) => (block.type === "h2" ? <h2 key={i} className="pt-4 font-display text-2xl font-bold">{block.text}</h2> : <p key={i} className="text-ink-muted">{block.text}</p>))}
      </div>
      <ul className="mt-10 flex flex-wrap gap-2" aria-label="Tags">
        {article.tags.map((tag) => (
          <li key={tag}>
            <Link to={`/blog?q=${encodeURIComponent(tag)}`} className="rounded-full bg-surface-muted px-3 py-1 text-sm hover:bg-ink hover:text-surface">
              #{tag}
            </Link>
          </li>
        ))}
      </ul>
      <Link to="/blog" className="mt-10 inline-block font-semibold underline">
        Back to the journal
      </Link>
    </article>
  );
}
