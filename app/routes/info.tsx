import { data } from "react-router";
import type { Route } from "./+types/info";
import { infoPages } from "../../shared/info-pages";
import { pageTitle, seo } from "~/lib/seo";

/** /shipping, /returns, /faq and the other information pages (app/lib/info-pages.ts). */
export function loader({ request }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.slice(1);
  const page = infoPages[slug];
  if (!page) throw data(null, { status: 404 });
  return { slug, page };
}

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) =>
  data ? seo({ title: pageTitle(matches, data.page.title), description: data.page.description, path: `/${data.slug}`, matches }) : [{ title: "Not found" }];

export default function InfoPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article className="container-page max-w-3xl pb-8 pt-6">
      <h1 className="font-display text-4xl font-bold tracking-tight">{page.title}</h1>
      <p className="mt-4 text-lg leading-8 text-ink-muted">{page.intro}</p>
      {page.sections.map((section) => (
        <section key={section.heading} className="mt-10">
          <h2 className="font-display text-xl font-bold">{section.heading}</h2>
          {section.paragraphs.map((p) => (
            <p key={p} className="mt-3 leading-7 text-ink-muted">
              {p}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
