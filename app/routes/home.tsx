import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { servicesContext } from "~/context";
import { buttonClass } from "~/components/layout/status-screen";
import { ProductGrid } from "~/components/product/product-grid";
import { formatPrice } from "~/lib/money";
import { collections, VSOP_CATEGORY } from "~/lib/taxonomy";

const showcase = collections.filter((c) => c.slug !== VSOP_CATEGORY);

export async function loader({ context }: Route.LoaderArgs) {
  const { catalog } = context.get(servicesContext);
  const [featured, vsop, ...tops] = await Promise.all([
    catalog.listProducts({ scope: { kind: "all" }, query: { featured: true, limit: 4 } }),
    catalog.listProducts({ scope: { kind: "category", category: VSOP_CATEGORY }, query: { limit: 3, sort: "price-high" } }),
    ...showcase.map((c) => catalog.listProducts({ scope: { kind: "category", category: c.slug }, query: { limit: 1, featured: true } })),
  ]);
  return {
    featured: featured.products,
    vsop: vsop.products,
    tiles: showcase.map((c, i) => ({ ...c, image: tops[i]?.products[0]?.image ?? null })),
  };
}

export const meta: Route.MetaFunction = () => [
  { title: "VSOP Apparel | Men's, Women's & Kids' Clothing and VSOP Streetwear" },
  {
    name: "description",
    content: "Everyday clothing for men, women and kids, plus VSOP: a limited premium streetwear collection now on pre-order with free shipping.",
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, vsop, tiles } = loaderData;
  const hero = vsop[0];
  return (
    <>
      <section className="relative overflow-hidden bg-[#121316] text-white">
        <div className="container-page grid items-center gap-10 py-14 md:grid-cols-[1.1fr_0.9fr] md:py-20">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-white/20 px-3 py-1 text-xs font-semibold uppercase tracking-[0.25em] text-brand-500">
              New · Pre-order
            </p>
            <h1 className="mt-5 font-display text-4xl font-black leading-[1.05] tracking-tight sm:text-6xl">
              VSOP Premium Collection
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-8 text-white/75">
              Heavyweight tech-casual streetwear, made in one small numbered run. Limited quantities, free shipping on every pre-order.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/vsop" className="inline-flex h-12 items-center gap-2 rounded-full bg-brand-500 px-7 text-sm font-bold tracking-wide text-black hover:bg-brand-100">
                SHOP VSOP COLLECTION <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
              <Link to="/product/2" className="inline-flex h-12 items-center rounded-full border border-white/40 px-7 text-sm font-bold tracking-wide hover:bg-white hover:text-black">
                PRE-ORDER NOW
              </Link>
            </div>
          </div>
          {hero && (
            <div className="relative mx-auto w-full max-w-sm">
              <div className="absolute -inset-6 rounded-[2.5rem] bg-brand-500/25 blur-3xl" aria-hidden="true" />
              <img src={hero.image} alt={hero.name} width={400} height={500} fetchPriority="high" className="relative w-full rounded-[2rem] shadow-2xl" />
              <p className="relative mt-4 text-center text-sm text-white/70">
                {hero.name} · <span className="font-semibold text-white">{formatPrice(hero.price)}</span>
              </p>
            </div>
          )}
        </div>
      </section>

      <section className="container-page py-16" aria-labelledby="collections-heading">
        <h2 id="collections-heading" className="font-display text-2xl font-bold tracking-tight sm:text-3xl">
          Shop by collection
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-3">
          {tiles.map((tile) => (
            <li key={tile.slug}>
              <Link to={`/category/${tile.slug}`} className="group relative block overflow-hidden rounded-3xl bg-[#eeebe4]">
                {tile.image && <img src={tile.image} alt="" width={400} height={500} loading="lazy" className="aspect-[4/3] w-full object-contain transition duration-300 group-hover:scale-105" />}
                <span className="absolute inset-x-0 bottom-0 flex items-center justify-between bg-gradient-to-t from-black/70 to-transparent p-5 pt-16 text-white">
                  <span>
                    <span className="block font-display text-xl font-bold">{tile.name}</span>
                    <span className="text-sm text-white/85">{tile.subcategories.map((s) => s.name).join(" · ")}</span>
                  </span>
                  <ArrowRight aria-hidden="true" className="size-5" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="container-page pb-8" aria-labelledby="featured-heading">
        <div className="mb-8 flex items-end justify-between gap-4">
          <h2 id="featured-heading" className="font-display text-2xl font-bold tracking-tight sm:text-3xl">
            Featured products
          </h2>
        </div>
        {featured.length > 0 ? (
          <ProductGrid products={featured} eagerCount={0} />
        ) : (
          <p className="text-ink-muted">No featured products available at the moment.</p>
        )}
        <div className="mt-10 text-center">
          <Link to="/products" className={buttonClass}>
            VIEW ALL PRODUCTS
          </Link>
        </div>
      </section>
    </>
  );
}
