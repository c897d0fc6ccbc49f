import type { HomeBlock } from "../../../server/home/home-blocks";
import type { SectionSettings } from "../../../server/home/section-schemas";
import { CollectionBanners, CollectionLinks, ComingSoonTiles, FeatureDisplays } from "~/components/home/collection-sections";
import { FeaturedCollectionSection, ImageTextSection, RichTextSection } from "~/components/home/content-sections";
import { MobileVsopStrip, SocialFollow, VipSignup } from "~/components/home/engagement-sections";
import { HomeHero } from "~/components/home/home-hero";
import { ProductGridSection, VsopSection } from "~/components/home/product-sections";
import { isVsop } from "~/lib/product-options";
import { QueryProvider } from "~/lib/query-client";
import { VSOP_CATEGORY } from "../../../shared/taxonomy";

/** Where a product grid's "view all" goes: the SPEC's VIEW ALL PRODUCTS for the featured grid, else its listing. */
function viewAllOf(s: SectionSettings["product_grid"]) {
  if (s.source === "featured") return { href: "/products", label: "VIEW ALL PRODUCTS" };
  return { href: `/category/${s.source === "collection" ? s.collection : s.source}`, label: `View all ${s.title.toLowerCase()}` };
}

/** One section of the home page, by its type (the SPEC's own blocks render the components they always did). */
function Block({ block }: { block: HomeBlock }) {
  switch (block.type) {
    case "hero": {
      const pieces = block.data.vsop?.filter(isVsop) ?? [];
      return <HomeHero campaign={block.data.campaign} serverNow={block.data.serverNow} feature={pieces.find((p) => p.id === 1) ?? pieces[0]} heading={block.settings.heading} />;
    }
    case "featured_collection":
      return block.settings.collection === VSOP_CATEGORY ? (
        <VsopSection initial={block.data.products} title={block.settings.title} limit={block.settings.limit} />
      ) : (
        <FeaturedCollectionSection settings={block.settings} name={block.data.name} products={block.data.products} />
      );
    case "product_grid":
      return <ProductGridSection title={block.settings.title} initial={block.data.products} listUrl={block.data.listUrl} limit={block.settings.limit} viewAll={viewAllOf(block.settings)} />;
    case "rich_text":
      return <RichTextSection settings={block.settings} />;
    case "image_text":
      return <ImageTextSection settings={block.settings} />;
    case "newsletter":
      return <VipSignup heading={block.settings.heading} text={block.settings.text} />;
    case "coming_soon":
      return <ComingSoonTiles heading={block.settings.heading} text={block.settings.text} />;
    case "collection_banners":
      return <CollectionBanners banners={block.data.banners} heading={block.settings.heading} />;
    case "collection_links":
      return <CollectionLinks />;
    case "feature_displays":
      return <FeatureDisplays />;
    case "vsop_strip":
      return <MobileVsopStrip product={block.data.vsop?.filter(isVsop).find((p) => p.id === 2)} />;
    case "social_follow":
      return <SocialFollow heading={block.settings.heading} />;
  }
}

/** The home page's sections in the staff's order (issue 28). */
export function HomeSections({ blocks }: { blocks: HomeBlock[] }) {
  return (
    <QueryProvider>
      {blocks.map((block) => (
        <Block key={block.id} block={block} />
      ))}
    </QueryProvider>
  );
}
