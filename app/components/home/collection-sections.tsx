import { ArrowRight, Clock, Gem, Palette } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { comingSoonTiles, featureDisplays } from "~/lib/home-content";
import { useCollections } from "~/lib/collections";
import type { Banner } from "../../../server/home/home-blocks";

/** 'Coming soon' tiles; launch news goes to newsletter subscribers (the form is further down). */
export function ComingSoonTiles({ heading = "Coming soon", text = "New categories are on the way. Subscribe to our newsletter below to hear the moment they launch." }: { heading?: string; text?: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="bg-surface-muted py-14">
      <div className="container-page">
        <h2 id={headingId} className="font-display text-2xl font-bold tracking-tight sm:text-3xl">
          {heading}
        </h2>
        <p className="mt-2 max-w-2xl text-ink-muted">{text}</p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {comingSoonTiles.map((tile) => (
            <li key={tile.title} className="rounded-2xl border border-dashed border-ink/25 bg-surface p-5">
              <Clock aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-500" />
              <h3 className="mt-3 font-semibold">{tile.title}</h3>
              <p className="mt-1 text-sm text-ink-muted">{tile.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** 'OUR COLLECTIONS' banners: image, title, description, button text and link (SPEC §3 Banner). */
export function CollectionBanners({ banners, heading = "OUR COLLECTIONS" }: { banners: Banner[]; heading?: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="container-page py-14">
      <h2 id={headingId} className="font-display text-2xl font-bold tracking-tight sm:text-3xl">
        {heading}
      </h2>
      <ul className="mt-8 grid gap-4 md:grid-cols-2">
        {banners.map((banner) => (
          <li key={banner.title} className="flex overflow-hidden rounded-3xl bg-[#eeebe4] text-[#16171a]">
            {banner.image && <img src={banner.image} alt="" width={400} height={500} loading="lazy" className="w-2/5 object-cover" />}
            <div className="flex flex-1 flex-col justify-center gap-3 p-6">
              <h3 className="font-display text-xl font-bold">{banner.title}</h3>
              <p className="text-sm text-[#3d4046]">{banner.description}</p>
              <Link to={banner.buttonLink} className="inline-flex h-10 w-fit items-center gap-2 rounded-full bg-[#16171a] px-5 text-sm font-semibold text-white">
                {banner.buttonText} <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The three collections with their subcategory links. */
export function CollectionLinks() {
  const collections = useCollections();
  return (
    <section aria-label="Shop by category" className="container-page pb-14">
      <div className="grid gap-4 sm:grid-cols-3">
        {collections
          .filter((c) => !c.drop)
          .map((collection) => (
            <nav key={collection.slug} aria-label={`${collection.name} categories`} className="rounded-2xl border border-line p-5">
              <h3 className="font-display text-lg font-bold">
                <Link to={`/category/${collection.slug}`} className="hover:underline">
                  {collection.name}
                </Link>
              </h3>
              <ul className="mt-3 flex flex-wrap gap-2">
                {collection.subcategories.map((sub) => (
                  <li key={sub.slug}>
                    <Link to={`/category/${collection.slug}/${sub.slug}`} className="inline-block rounded-full bg-surface-muted px-3 py-1.5 text-sm hover:bg-ink hover:text-surface">
                      {sub.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
      </div>
    </section>
  );
}

/** Premium Quality and Unique Designs. */
export function FeatureDisplays() {
  const icons = [Gem, Palette];
  return (
    <section aria-label="Why VSOP" className="container-page grid gap-4 pb-14 md:grid-cols-2">
      {featureDisplays.map((feature, i) => {
        const Icon = icons[i]!;
        return (
          <div key={feature.title} className="rounded-3xl bg-[#16171a] p-8 text-white">
            <Icon aria-hidden="true" className="size-8 text-brand-500" />
            <h2 className="mt-4 font-display text-2xl font-bold">{feature.title}</h2>
            <p className="mt-2 text-white/75">{feature.text}</p>
            <Link to={feature.href} className="mt-5 inline-flex items-center gap-2 text-sm font-semibold text-brand-500 underline">
              {feature.cta} <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </div>
        );
      })}
    </section>
  );
}
