import type { Collection } from "../../shared/taxonomy";
import type { Campaign } from "../campaign/campaign-types";
import { scopeForPath } from "../catalog/browse-catalog";
import type { ListingScope } from "../catalog/list-products";
import type { ListingQuery } from "../catalog/listing-query";
import type { Product, ProductPage } from "../catalog/product-types";
import type { HomeSectionType } from "../db/schema";
import { dropPath } from "../drops/featured-drop";
import type { SectionSettings } from "./section-schemas";

/** A collection banner on the home page (SPEC §3 Banner). */
export interface Banner {
  image: string | null;
  title: string;
  description: string;
  buttonText: string;
  buttonLink: string;
}

/** What each type of section shows beyond its settings, read when the page renders. */
export interface BlockData {
  hero: { campaign: Campaign; serverNow: number; vsop: Product[] | null };
  featured_collection: { products: Product[] | null; name: string };
  product_grid: { products: Product[] | null; listUrl: string };
  rich_text: null;
  image_text: null;
  newsletter: null;
  coming_soon: null;
  collection_banners: { banners: Banner[] };
  collection_links: null;
  feature_displays: null;
  vsop_strip: { vsop: Product[] | null };
  social_follow: null;
}

export type HomeBlock = { [T in HomeSectionType]: { id: number; type: T; settings: SectionSettings[T]; data: BlockData[T] } }[HomeSectionType];

export interface HomeBlockDeps {
  listProducts: (args: { scope: ListingScope; query?: ListingQuery }) => Promise<ProductPage>;
  collections: () => Promise<Collection[]>;
  campaign: () => Promise<Campaign>;
  /** The drop featured now (server/drops/featured-drop.ts) with its products on sale; null: no drop is shown. */
  featuredDrop: () => Promise<{ drop: { slug: string; name: string }; products: Product[] } | null>;
  serverNow: number;
}

/** Runs `read` once however many sections ask for it. */
function once<T>(read: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | null = null;
  return () => (value ??= read());
}

const gridScope = (s: SectionSettings["product_grid"]): ListingScope => (s.source === "featured" ? { kind: "all" } : s.source === "collection" ? scopeForPath(s.collection) : scopeForPath(s.source));
/** The API listing the section reads again in the browser (the SPEC's featured list: /api/products?featured=true&limit=4). */
const gridUrl = (s: SectionSettings["product_grid"]) =>
  s.source === "featured" ? `/api/products?featured=true&limit=${s.limit}` : `/api/products/category/${s.source === "collection" ? s.collection : s.source}?limit=${s.limit}`;

/** Each shown section with what it shows: the catalogue's reads are shared between sections and failures shown as such (null). */
export async function loadHomeBlocks(sections: { id: number; type: HomeSectionType; settings: unknown }[], deps: HomeBlockDeps): Promise<HomeBlock[]> {
  const { listProducts } = deps;
  const products = (scope: ListingScope, query: ListingQuery) =>
    listProducts({ scope, query })
      .then((p) => p.products)
      .catch(() => null);
  const featured = once(() => deps.featuredDrop().catch(() => null));
  // The featured drop's pieces (the hero, the drop's product section and strip); null when it could not be read.
  const pieces = once(async () => (await featured())?.products ?? null);
  const collections = once(deps.collections);
  const campaign = once(deps.campaign);

  /** A banner per collection, the drops' collections left out, then the featured drop's (its name, first piece, page). */
  async function banners(): Promise<Banner[]> {
    const [all, current] = await Promise.all([collections(), featured()]);
    const showcase = all.filter((c) => !c.drop);
    const tops = await Promise.all(showcase.map((c) => products({ kind: "category", category: c.slug }, { limit: 1, featured: true })));
    const first = current?.products[0];
    return [
      ...showcase.map((c, i) => ({ image: tops[i]?.[0]?.image ?? null, title: `${c.name} Collection`, description: c.description, buttonText: `Shop ${c.name}`, buttonLink: `/category/${c.slug}` })),
      ...(current
        ? [{ image: first?.image ?? null, title: current.drop.name, description: all.find((c) => c.slug === first?.category)?.description ?? "", buttonText: `Explore ${current.drop.name}`, buttonLink: dropPath(current.drop.slug) }]
        : []),
    ];
  }

  async function dataFor(type: HomeSectionType, settings: unknown): Promise<unknown> {
    switch (type) {
      case "hero":
        return { campaign: await campaign(), serverNow: deps.serverNow, vsop: await pieces() };
      case "featured_collection": {
        const s = settings as SectionSettings["featured_collection"];
        const name = (await collections()).find((c) => c.slug === s.collection)?.name ?? s.collection;
        // A drop's collection shows the featured drop's pieces (in the drop's order), as its own section always did.
        const ofDrop = Boolean((await collections()).find((c) => c.slug === s.collection)?.drop);
        return { name, products: ofDrop ? await pieces() : await products({ kind: "category", category: s.collection }, { limit: s.limit }) };
      }
      case "product_grid": {
        const s = settings as SectionSettings["product_grid"];
        return { listUrl: gridUrl(s), products: await products(gridScope(s), { limit: s.limit, ...(s.source === "featured" ? { featured: true } : {}) }) };
      }
      case "collection_banners":
        return { banners: await banners() };
      case "vsop_strip":
        return { vsop: await pieces() };
      default:
        return null;
    }
  }

  return Promise.all(sections.map(async (s) => ({ id: s.id, type: s.type, settings: s.settings, data: await dataFor(s.type, s.settings) }) as HomeBlock));
}
