import { data } from "react-router";
import type { Route } from "./+types/home";
import { servicesContext } from "~/context";
import { HomeSections } from "~/components/home/home-sections";
import { AsOfNotice } from "~/components/home/as-of-notice";
import { staffAsOf } from "~/lib/content-preview.server";
import { useStoreSettings } from "~/lib/store-settings";
import { seo, storeOf } from "~/lib/seo";
import { organizationJsonLd } from "~/lib/structured-data.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  const asOf = staffAsOf(context, request);
  const services = context.get(servicesContext);
  const [blocks, store] = await Promise.all([services.home.page(asOf ? { when: asOf } : {}), services.settings.storefront()]);
  // Made here, not in meta, so the browser's code for the page carries no structured-data builders.
  return data({ blocks, asOf: asOf?.toISOString() ?? null, organization: organizationJsonLd(store, services.publicConfig.origin) });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const store = storeOf(matches);
  return [
    ...seo({
      title: store ? `${store.name} | Men's, Women's & Kids' Clothing and VSOP Streetwear` : "Men's, Women's & Kids' Clothing and VSOP Streetwear",
      description: "Everyday clothing for men, women and kids, plus VSOP: a limited premium streetwear collection now on pre-order.",
      path: "/",
      matches,
    }),
    ...(loaderData?.asOf ? [{ name: "robots", content: "noindex" }] : []),
    ...(loaderData ? [{ "script:ld+json": loaderData.organization }] : []),
  ];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const store = useStoreSettings();
  return (
    <>
      {loaderData.asOf && <AsOfNotice asOf={loaderData.asOf} />}
      {/* The hero holds the page's h1; hidden or out of its window, the page still has one. */}
      {!loaderData.blocks.some((b) => b.type === "hero") && <h1 className="sr-only">{store?.name ?? "Home"}</h1>}
      <HomeSections blocks={loaderData.blocks} />
    </>
  );
}
