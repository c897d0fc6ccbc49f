import { data } from "react-router";
import type { Route } from "./+types/info";
import { servicesContext } from "~/context";
import { RichText } from "~/components/content/rich-text";
import { isStaffPreview, PREVIEW_HEADERS } from "~/lib/content-preview.server";
import { pageTitle, seo } from "~/lib/seo";

/** /shipping, /returns, /faq and the other information pages: content entries (pages and policies, issue 28). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.slice(1);
  const preview = isStaffPreview(context, request);
  const entry = await context.get(servicesContext).contentEntries.findInfoPage({ slug, preview });
  if (!entry) throw data(null, { status: 404 });
  const page = { title: entry.title, seoTitle: entry.seoTitle, description: entry.seoDescription ?? entry.excerpt, intro: entry.excerpt, body: entry.body };
  return data({ slug, page, preview }, preview ? { headers: PREVIEW_HEADERS } : undefined);
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) =>
  data
    ? [...(data.preview ? [{ name: "robots", content: "noindex" }] : []), ...seo({ title: pageTitle(matches, data.page.seoTitle ?? data.page.title), description: data.page.description, path: `/${data.slug}`, matches })]
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
