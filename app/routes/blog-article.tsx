import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/blog-article";
import { servicesContext } from "~/context";
import { formatArticleDate } from "~/components/content/article-card";
import { RichText } from "~/components/content/rich-text";
import { isStaffPreview } from "~/lib/content-preview.server";
import { originOf, pageTitle, seo } from "~/lib/seo";
import { absoluteUrl } from "../../shared/photo-urls";

/** A live post at /blog/{slug}; an earlier slug of one answers 301 to its current address (issue 28). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const content = context.get(servicesContext).contentEntries;
  const preview = isStaffPreview(context, request);
  const article = await content.getPost({ slug: params.id, preview });
  if (article) return data({ article, preview });
  const moved = /^[a-z0-9-]{1,80}$/.test(params.id) ? await content.findRedirect({ kind: "post", slug: params.id }) : null;
  if (moved) throw redirect(`/blog/${moved}`, 301);
  throw data(null, { status: 404 });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const handle = { breadcrumb: (d: { article?: { title: string } } | undefined) => d?.article?.title };

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) => {
  if (!data) return [{ title: pageTitle(matches, "Article not found") }, { name: "robots", content: "noindex" }];
  const { article } = data;
  const origin = originOf(matches);
  return [
    ...(data.preview ? [{ name: "robots", content: "noindex" }] : []),
    ...seo({ title: article.seoTitle ?? `${article.title} | VSOP Journal`, description: article.seoDescription ?? article.excerpt, path: `/blog/${article.id}`, matches, type: "article" }),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: article.title,
        description: article.excerpt,
        author: { "@type": "Person", name: article.author },
        datePublished: article.publishDate,
        image: absoluteUrl(origin, article.image),
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
      <RichText doc={article.body} className="mt-8 space-y-5 text-lg leading-8" />
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
