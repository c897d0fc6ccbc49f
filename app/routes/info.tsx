import { data, redirect } from "react-router";
import type { Route } from "./+types/info";
import { servicesContext } from "~/context";
import { RichText } from "~/components/content/rich-text";
import { isStaffPreview } from "~/lib/content-preview.server";
import { pageTitle, seo } from "~/lib/seo";
import { entryPath } from "../../shared/content-paths";

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * The information pages: pages and policies (issue 28). The seeded ones answer at their names (/shipping, /faq...),
 * any other at /pages/{slug}; an entry asked for at the other address, or at an earlier slug, answers 301.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  // A client-side visit asks for /faq.data (React Router 8 passes the raw request): the page's own path is /faq.
  const path = new URL(request.url).pathname.replace(/\.data$/, "");
  const slug = params.slug ?? path.slice(1);
  const content = context.get(servicesContext).contentEntries;
  const preview = isStaffPreview(context, request);
  const entry = SLUG.test(slug) && slug.length <= 80 ? await content.findInfoPage({ slug, preview }) : null;
  if (entry && entryPath(entry) !== path) throw redirect(entryPath(entry), 301);
  if (!entry) {
    const moved = SLUG.test(slug) && slug.length <= 80 ? ((await content.findRedirect({ kind: "policy", slug })) ?? (await content.findRedirect({ kind: "page", slug }))) : null;
    if (moved) throw redirect(entryPath({ kind: "page", slug: moved }), 301);
    throw data(null, { status: 404 });
  }
  const page = { title: entry.title, seoTitle: entry.seoTitle, description: entry.seoDescription ?? entry.excerpt, intro: entry.excerpt, body: entry.body };
  return data({ path, page, preview });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) =>
  data
    ? [...(data.preview ? [{ name: "robots", content: "noindex" }] : []), ...seo({ title: pageTitle(matches, data.page.seoTitle ?? data.page.title), description: data.page.description, path: data.path, matches })]
    : [{ title: "Not found" }];

export default function InfoPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article className="container-page max-w-3xl pb-8 pt-6">
      <h1 className="font-display text-4xl font-bold tracking-tight">{page.title}</h1>
      {page.intro && <p className="mt-4 text-lg leading-8 text-ink-muted">{page.intro}</p>}
      <RichText doc={page.body} className="mt-6 space-y-3 leading-7" />
    </article>
  );
}
