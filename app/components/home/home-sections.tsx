import type { Product } from "../../../server/catalog/product-types";
import type { HomeBlock } from "../../../server/home/home-blocks";
import type { SectionSettings } from "../../../server/home/section-schemas";
import { CollectionBanners, CollectionLinks, ComingSoonTiles, FeatureDisplays } from "~/components/home/collection-sections";
import { FeaturedCollectionSection, ImageTextSection, RichTextSection } from "~/components/home/content-sections";
import { MobileVsopStrip, SocialFollow, VipSignup } from "~/components/home/engagement-sections";
import { HomeHero } from "~/components/home/home-hero";
import { DropSection, ProductGridSection } from "~/components/home/product-sections";
import { QueryProvider } from "~/lib/query-client";

/** Where a product grid's "view all" goes: the SPEC's VIEW ALL PRODUCTS for the featured grid, else its listing. */
function viewAllOf(s: SectionSettings["product_grid"]) {
  if (s.source === "featured") return { href: "/products", label: "VIEW ALL PRODUCTS" };
  return { href: `/category/${s.source === "collection" ? s.collection : s.source}`, label: `View all ${s.title.toLowerCase()}` };
}

/** The drop a section's products are all in (a drop's collection: server/home/home-blocks.ts gives its pieces), or null. */
function dropOf(products: Product[] | null): string | null {
  const slug = products?.[0]?.drops[0]?.slug;
  return slug && products!.every((p) => p.drops.some((d) => d.slug === slug)) ? slug : null;
}

/** One section of the home page, by its type (the SPEC's own blocks render the components they always did). */
function Block({ block }: { block: HomeBlock }) {
  switch (block.type) {
    case "hero": {
      // The featured drop's pieces, in the drop's order (server/home/home-blocks.ts): SPEC §2's hero shows the set.
      const pieces = block.data.vsop ?? [];
      return <HomeHero campaign={block.data.campaign} serverNow={block.data.serverNow} feature={pieces.find((p) => p.id === 1) ?? pieces[0]} preorderHref={`/product/${(pieces.find((p) => p.id === 2) ?? pieces[0])?.id ?? 2}`} heading={block.settings.heading} />;
    }
    case "featured_collection":
      // A drop's collection shows its drop's pieces, read again in the browser from the drop (SPEC §2 Home's VSOP section).
      return dropOf(block.data.products) ? (
        <DropSection initial={block.data.products} slug={dropOf(block.data.products)!} title={block.settings.title} limit={block.settings.limit} />
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
      return <MobileVsopStrip product={block.data.vsop?.find((p) => p.id === 2) ?? block.data.vsop?.[0]} />;
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
