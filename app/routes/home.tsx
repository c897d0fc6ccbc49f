import type { Route } from "./+types/home";
import { servicesContext } from "~/context";
import { CollectionBanners, CollectionLinks, ComingSoonTiles, FeatureDisplays, type Banner } from "~/components/home/collection-sections";
import { MobileVsopStrip, SocialFollow, VipSignup } from "~/components/home/engagement-sections";
import { HomeHero } from "~/components/home/home-hero";
import { FeaturedSection, VsopSection } from "~/components/home/product-sections";
import { isVsop } from "~/lib/product-options";
import { QueryProvider } from "~/lib/query-client";
import { originOf, seo, storeOf } from "~/lib/seo";
import { organizationJsonLd } from "~/lib/structured-data";
import { VSOP_CATEGORY } from "../../shared/taxonomy";

export async function loader({ context }: Route.LoaderArgs) {
  const { catalog, campaign } = context.get(servicesContext);
  const collections = await catalog.collections();
  const showcase = collections.filter((c) => c.slug !== VSOP_CATEGORY);
  const [drop, featured, vsop, ...tops] = await Promise.all([
    campaign.get(),
    catalog.listProducts({ scope: { kind: "all" }, query: { featured: true, limit: 4 } }).catch(() => null),
    catalog.listProducts({ scope: { kind: "category", category: VSOP_CATEGORY }, query: { limit: 100 } }).catch(() => null),
    ...showcase.map((c) => catalog.listProducts({ scope: { kind: "category", category: c.slug }, query: { limit: 1, featured: true } })),
  ]);
  const banners: Banner[] = [
    ...showcase.map((c, i) => ({
      image: tops[i]?.products[0]?.image ?? null,
      title: `${c.name} Collection`,
      description: c.description,
      buttonText: `Shop ${c.name}`,
      buttonLink: `/category/${c.slug}`,
    })),
    {
      image: vsop?.products.find((p) => p.id === 1)?.image ?? null,
      title: "VSOP Premium",
      description: collections.find((c) => c.slug === VSOP_CATEGORY)?.description ?? "",
      buttonText: "Explore VSOP",
      buttonLink: "/vsop",
    },
  ];
  return { campaign: drop, serverNow: Date.now(), featured: featured?.products ?? null, vsop: vsop?.products ?? null, banners };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const store = storeOf(matches);
  return [
    ...seo({
      title: store ? `${store.name} | Men's, Women's & Kids' Clothing and VSOP Streetwear` : "Men's, Women's & Kids' Clothing and VSOP Streetwear",
      description: "Everyday clothing for men, women and kids, plus VSOP: a limited premium streetwear collection now on pre-order with free shipping.",
      path: "/",
      matches,
    }),
    ...(store ? [{ "script:ld+json": organizationJsonLd(store, originOf(matches)) }] : []),
  ];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { campaign, serverNow, featured, vsop, banners } = loaderData;
  const vsopPieces = vsop?.filter(isVsop) ?? [];
  return (
    <>
      <HomeHero campaign={campaign} serverNow={serverNow} feature={vsopPieces.find((p) => p.id === 1) ?? vsopPieces[0]} />
      <QueryProvider>
        <VsopSection initial={vsop} />
        <FeaturedSection initial={featured} />
      </QueryProvider>
      <ComingSoonTiles />
      <CollectionBanners banners={banners} />
      <CollectionLinks />
      <FeatureDisplays />
      <MobileVsopStrip product={vsopPieces.find((p) => p.id === 2)} />
      <SocialFollow />
      <VipSignup />
    </>
  );
}
