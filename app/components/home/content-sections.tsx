import { ArrowRight } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import type { Product } from "../../../server/catalog/product-types";
import type { SectionSettings } from "../../../server/home/section-schemas";
import { RichText } from "~/components/content/rich-text";
import { buttonClass } from "~/components/layout/status-screen";
import { ProductGrid } from "~/components/product/product-grid";
import { ProductPicture } from "~/components/product/product-picture";
import { cn } from "~/lib/cn";
import { StoreOrHttpsLink } from "~/components/layout/store-or-https-link";

/** A collection's products, rendered with the page (staff's "featured collection" of any collection but VSOP's). */
export function FeaturedCollectionSection({ settings, name, products }: { settings: SectionSettings["featured_collection"]; name: string; products: Product[] | null }) {
  const headingId = useId();
  if (!products || products.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="container-page py-14">
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <h2 id={headingId} className="font-display text-2xl font-bold tracking-tight sm:text-3xl">
          {settings.title ?? name}
        </h2>
        <Link to={`/category/${settings.collection}`} className="inline-flex items-center gap-1 text-sm font-semibold underline">
          Shop {name} <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <ProductGrid products={products.slice(0, settings.limit)} eagerCount={0} />
    </section>
  );
}

/** Staff-written rich text (checked TipTap JSON), at reading width. */
export function RichTextSection({ settings }: { settings: SectionSettings["rich_text"] }) {
  if (settings.doc.content.length === 0) return null;
  return (
    <section className="container-page py-14">
      <RichText doc={settings.doc} className="mx-auto max-w-3xl space-y-5 text-lg leading-8 [&_h2]:pt-0 [&_h2]:text-3xl [&_h2]:tracking-tight" />
    </section>
  );
}

/** A store photo beside a heading, a few lines and an optional button; the photo goes left or right on wide screens. */
export function ImageTextSection({ settings }: { settings: SectionSettings["image_text"] }) {
  const headingId = useId();
  const { image, heading, text, buttonLabel, buttonHref, imageSide } = settings;
  return (
    <section aria-labelledby={headingId} className="container-page py-14">
      <div className="grid items-center gap-8 overflow-hidden rounded-3xl bg-surface-muted md:grid-cols-2 md:gap-12">
        <div className={cn("h-full", imageSide === "right" && "md:order-last")}>
          <ProductPicture
            photo={{ ...image, color: null }}
            sizes="(min-width: 768px) 50vw, 100vw"
            className="aspect-[4/3] size-full object-cover md:aspect-auto md:min-h-96"
          />
        </div>
        <div className={cn("px-6 pb-10 md:py-12", imageSide === "right" ? "md:pl-12 md:pr-0" : "md:pl-0 md:pr-12")}>
          <h2 id={headingId} className="font-display text-3xl font-bold tracking-tight sm:text-4xl">
            {heading}
          </h2>
          <p className="mt-4 max-w-prose whitespace-pre-line text-lg leading-8 text-ink-muted">{text}</p>
          {buttonLabel && buttonHref && (
            <StoreOrHttpsLink href={buttonHref} className={`${buttonClass} mt-8`}>
              {buttonLabel} <ArrowRight aria-hidden="true" className="size-4" />
            </StoreOrHttpsLink>
          )}
        </div>
      </div>
    </section>
  );
}
