import { Search } from "lucide-react";
import { Form, Link, useSearchParams, useSubmit } from "react-router";
import type { Route } from "./+types/blog";
import { servicesContext } from "~/context";
import { ArticleCard } from "~/components/content/article-card";
import { buttonClass } from "~/components/layout/status-screen";
import { BLOG_CATEGORIES, filterArticles, readBlogCategory } from "~/lib/blog-filter";
import { cn } from "~/lib/cn";
import { pageTitle, seo } from "~/lib/seo";

export async function loader({ context }: Route.LoaderArgs) {
  return { articles: await context.get(servicesContext).contentEntries.listPosts() };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: pageTitle(matches, "Blog"), description: "Style guides, trends, sustainability and news from the VSOP studio.", path: "/blog", matches });

/** SPEC §2 /blog: search and category filters, kept in the URL. */
export default function Blog({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const submit = useSubmit();
  const q = params.get("q") ?? "";
  const category = readBlogCategory(params.get("category"));
  const { featured, grid } = filterArticles(loaderData.articles, { q, category });
  const hrefFor = (c: string) => {
    const next = new URLSearchParams(params);
    if (c === "All") next.delete("category");
    else next.set("category", c);
    const s = next.toString();
    return s ? `/blog?${s}` : "/blog";
  };
  return (
    <div className="container-page pb-8 pt-6">
      <h1 className="font-display text-4xl font-bold tracking-tight">The VSOP Journal</h1>
      <p className="mt-3 text-ink-muted">Style guides, trends, sustainability and news from our studio.</p>
      <div className="mt-8 flex flex-wrap items-center gap-4">
        <Form method="get" role="search" aria-label="Articles" onChange={(e) => submit(e.currentTarget, { replace: true, preventScrollReset: true })} className="relative w-full max-w-sm">
          {category !== "All" && <input type="hidden" name="category" value={category} />}
          <label htmlFor="blog-search" className="sr-only">
            Search articles
          </label>
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-ink-muted" />
          <input id="blog-search" name="q" type="search" defaultValue={q} key={q === "" ? "empty" : "q"} placeholder="Search articles" className="h-11 w-full rounded-full border border-line bg-surface pl-9 pr-4 text-sm" />
        </Form>
        <nav aria-label="Categories" className="flex flex-wrap gap-2">
          {BLOG_CATEGORIES.map((c) => (
            <Link key={c} to={hrefFor(c)} replace preventScrollReset aria-current={c === category ? "page" : undefined} className={cn("rounded-full border px-4 py-2 text-sm font-medium", c === category ? "border-ink bg-ink text-surface" : "border-line hover:border-ink")}>
              {c}
            </Link>
          ))}
        </nav>
      </div>
      {featured && (
        <div className="mt-10">
          <ArticleCard article={featured} featured />
        </div>
      )}
      {grid.length > 0 ? (
        <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {grid.map((a) => (
            <li key={a.id} className="flex">
              <ArticleCard article={a} />
            </li>
          ))}
        </ul>
      ) : (
        !featured && (
          <div className="mt-10 rounded-3xl bg-surface-muted px-6 py-14 text-center">
            <p className="font-semibold">No articles found matching your criteria.</p>
            <Link to="/blog" className={`${buttonClass} mt-6`}>
              Clear Filters
            </Link>
          </div>
        )
      )}
    </div>
  );
}
