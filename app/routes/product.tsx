import { lazy, Suspense, useEffect, useState } from "react";
import { data, Link, type MetaDescriptor } from "react-router";
import type { Route } from "./+types/product";
import { servicesContext } from "~/context";
import { isStaffPreview } from "~/lib/content-preview.server";
import { ProductGallery } from "~/components/product-detail/product-gallery";
import { descriptionText } from "../../shared/description";
import { preorderShippingNote } from "../../shared/shipping-copy";
import { ProductPurchase } from "~/components/product-detail/product-purchase";
import { StylistDialog } from "~/components/stylist/stylist-dialog";
import { FavoriteButton } from "~/components/product/favorite-button";
import { StarRating } from "~/components/product/star-rating";
import { island } from "~/components/ui/island";
import { trackViewItem } from "~/lib/analytics";
import { shipDateLong } from "~/lib/countdown";
import { formatPrice } from "~/lib/money";
import { productBadges } from "~/lib/product-badges";
import { variantPrice } from "~/lib/product-options";
import { DropGate } from "~/components/product-detail/drop-gate";
import { dropPath } from "~/lib/drop-path";
import { useLiveNow } from "~/lib/use-now";
import { currentDrop, dropPhase, holdsDropPass } from "../../shared/drops";
import { pageTitle, seo } from "~/lib/seo";
import { breadcrumbJsonLd, productJsonLd } from "~/lib/structured-data.server";
import { useCollections } from "~/lib/collections";
import { useUser } from "~/lib/session";
import { findCollection } from "../../shared/taxonomy";
import { PURCHASE_PART, STOCK_JSON_ID } from "../../shared/product-stock";
import { useSentStock } from "~/lib/sent-stock";
import type { ProductDetail } from "../../server/catalog/product-types";
import type { ReviewPage } from "../../server/reviews/review-types";

/**
 * Below the fold: the reviews' code comes when they come near the screen, not with the page (issue 30, item 5), or
 * once the page knows a shopper is signed in (their own review or its form shows for them, not "Sign in to review").
 */
const ProductReviews = island(() => import("~/components/reviews/product-reviews").then((m) => m.ProductReviews));
/** Text that stays as the server rendered it until the page changes: their code comes then, or on a navigation's first sign. */
const ProductDescription = island(() => import("~/components/product-detail/product-description").then((m) => m.ProductDescription), "use");
const ServiceNotes = island(() => import("~/components/product-detail/service-notes").then((m) => m.ServiceNotes), "use");

export async function loader({ params, context, request }: Route.LoaderArgs) {
  if (!params.id || !/^[1-9]\d{0,9}$/.test(params.id)) throw data({ reason: "invalid" }, { status: 400 });
  const services = context.get(servicesContext);
  const id = Number(params.id);
  // Staff see drafts and archived products too at `?preview=1`, marked as a preview; everyone else gets 404 for them.
  // Without it the page is the shared one, whose loader never sees the visitor (decision 0034).
  const staff = isStaffPreview(context, request);
  const onSale = await services.catalog.findProduct({ id });
  const product = onSale ?? (staff ? await services.catalog.findProduct({ id, anyStatus: true }) : null);
  if (!product) throw data({ reason: "missing" }, { status: 404 });
  const preview = !onSale;
  // Read side by side: during a drop a sold product's page is rendered anew while others wait for it, so its render's
  // round trips to the database count.
  // A drop's piece says when it ships, from the drop it is in at the service clock (shared/drops.ts currentDrop).
  const at = services.drops.now().getTime();
  const drop = currentDrop(product.drops, at);
  const [reviews, shipping] = await Promise.all([
    preview ? null : services.reviews.list({ productId: id, query: { sort: "newest", page: 1 } }),
    services.pricing.shippingPromise({ productId: id }),
  ]);
  // Formatted here (in UTC, like everywhere): the page's code carries no date formatting.
  const shipsOn = drop ? shipDateLong(new Date(drop.shipsAt)) : null;
  // What the page renders until it has hydrated, then its own clock takes over and opens the drop's buttons at the
  // store's instant, with no reload: the phase at the render, the instant only while a countdown to the open shows
  // (the page is otherwise the same whenever it is rendered: shared-page.test.ts), and how far the store's clock runs
  // from real time (STORE_CLOCK_OFFSET, whole minutes; the same for every visitor).
  const phase = drop ? dropPhase(drop, at) : null;
  const clock = { dropId: drop?.id ?? null, phase, at: phase === "announced" || phase === "early" ? at : null, offset: Math.round((at - Date.now()) / 60_000) * 60_000 };
  return { product, shipsOn, clock, preview, reviews, shipping, head: await headOf(context, request, product, reviews, preview) };
}

/**
 * The page's head: title, description, canonical and social tags, and JSON-LD, made here on the server so that the
 * browser's code for the page carries none of their builders (issue 30, item 5): the meta function only returns it.
 */
async function headOf(context: Route.LoaderArgs["context"], request: Request, product: ProductDetail, reviews: ReviewPage | null, preview: boolean): Promise<MetaDescriptor[]> {
  const services = context.get(servicesContext);
  const origin = services.publicConfig.origin;
  const store = await services.settings.storefront();
  const matches = [{ id: "root", loaderData: { origin, store } }];
  if (preview) return [{ title: pageTitle(matches, `Preview: ${product.name}`) }, { name: "robots", content: "noindex" }];
  // The page's own address, also when a client-side visit asks for its data (/product/2.data).
  const path = new URL(request.url).pathname.replace(/\.data$/, "");
  const crumbs = [{ label: "Home", href: "/" }, ...(product.subcategory ? [{ label: product.category, href: `/category/${product.category}` }] : []), { label: product.name }];
  return [
    ...seo({ title: pageTitle(matches, product.name), description: descriptionText(product.description).slice(0, 160), path, matches, image: `/og/product/${product.id}.png`, type: "product" }),
    { property: "product:price:amount", content: product.price.toFixed(2) },
    { property: "product:price:currency", content: "USD" },
    { "script:ld+json": productJsonLd(product, { origin, brand: store.name, reviews: reviews?.reviews ?? [] }) },
    { "script:ld+json": breadcrumbJsonLd(crumbs, origin, path) },
  ];
}

export const handle = { breadcrumb: (loaderData: { product?: { name: string } } | undefined) => loaderData?.product?.name };

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) => {
  if (data) return data.head;
  const store = (matches.find((m) => m?.id === "root")?.loaderData as { store?: { name: string } } | undefined)?.store;
  return [{ title: store ? `Product | ${store.name}` : "Product" }, { name: "robots", content: "noindex" }];
};
export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { shipsOn, preview, reviews, shipping, clock } = loaderData;
  const product = useSentStock(loaderData.product, loaderData);
  // The page's clock ticks only for a drop's piece (its buttons flip at the drop's instants).
  const live = useLiveNow(clock.offset, product.drops.length > 0);
  const drop = live ? currentDrop(product.drops, live) : (product.drops.find((d) => d.id === clock.dropId) ?? null);
  const phase = !drop ? "open" : live ? dropPhase(drop, live) : (clock.phase ?? "open");
  const now = live ?? new Date(clock.at ?? 0);
  // Before the open (or after the close) the purchase panel stays in the page, hidden, and the gate shows instead.
  // An early-access pass holder sees the buttons during early access (the page is shared: the hint cookie tells it).
  const early = phase === "early" && live !== null && drop !== null && holdsDropPass(document.cookie, drop.id, live);
  const gated = drop && phase !== "open" && !early ? { drop, phase: phase === "scheduled" ? "announced" : phase } : null;
  const [choice, setChoice] = useState({ color: product.colors[0] ?? "Black", size: product.sizes[0] ?? "M" });
  const color = choice.color;
  const { price, compareAtPrice } = variantPrice(product, choice.color, choice.size);
  useEffect(() => trackViewItem({ id: product.id, name: product.name, price: product.price }), [product.id, product.name, product.price]);
  // The store's own funnel (issue 52): a beacon once the page is idle, so the shared page stays cached.
  useEffect(() => {
    const send = () => void import("~/lib/funnel").then((m) => m.sendProductView(product.id));
    if ("requestIdleCallback" in window) {
      const id = requestIdleCallback(send, { timeout: 3000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(send, 1000);
    return () => clearTimeout(id);
  }, [product.id]);
  const collection = findCollection(useCollections(), product.category);
  const subcategory = collection?.subcategories.find((s) => s.slug === product.subcategory);
  const images = [...(product.colorImages[color] ?? []), ...product.images.filter((i) => !product.colorImages[color]?.includes(i))];
  const badges = productBadges(product);
  if (drop && !badges.includes("PRE-ORDER")) badges.unshift("PRE-ORDER");
  const reader = useUser()?.id ?? null;
  return (
    <div className="container-page grid gap-10 pb-8 pt-6 lg:grid-cols-2 lg:gap-16">
      {preview && (
        <p role="status" className="rounded-2xl bg-amber-100 px-4 py-3 text-sm font-medium text-amber-950 lg:col-span-2 dark:bg-amber-900 dark:text-amber-50">
          Staff preview: this product is not on sale, so shoppers can't see this page.{" "}
          <Link to={`/admin/products/${product.id}`} className="underline">
            Edit it
          </Link>
        </p>
      )}
      <ProductGallery key={color} images={images} photos={product.photos.filter((p) => p.color === null || p.color === color)} name={product.name} />
      <div className="space-y-6">
        <div className="space-y-3">
          {badges.length > 0 && (
            <ul className="flex flex-wrap gap-1.5" aria-label="Highlights">
              {badges.map((b) => (
                <li key={b} className="rounded-full bg-black/85 px-2 py-1 text-[0.65rem] font-bold tracking-wide text-white">
                  {b}
                </li>
              ))}
            </ul>
          )}
          <div className="flex items-start justify-between gap-4">
            <h1 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">{product.name}</h1>
            <FavoriteButton productId={product.id} name={product.name} className="shrink-0 border border-line" />
          </div>
          <a href="#reviews" className="inline-block rounded-md hover:underline">
            <StarRating rating={product.rating} reviewCount={product.reviewCount} />
          </a>
          <p className="flex items-baseline gap-3 text-2xl font-bold" aria-live="polite">
            <span className={compareAtPrice ? "text-red-700 dark:text-red-400" : undefined}>{formatPrice(price)}</span>
            {compareAtPrice && (
              <span className="text-lg font-normal text-ink-muted line-through">
                <span className="sr-only">was </span>
                {formatPrice(compareAtPrice)}
              </span>
            )}
          </p>
          {shipsOn && (
            <p className="rounded-xl bg-brand-50 px-3 py-2 text-sm font-medium text-brand-700 dark:bg-brand-700/20 dark:text-brand-100">
              {["Pre-order", `Ships ${shipsOn}`, preorderShippingNote(shipping.preorderFree)].filter(Boolean).join(" · ")}
            </p>
          )}
          <ProductDescription text={product.description} />
        </div>
        {/* The stock's places (decision 0041): the server puts the latest stock's panel and JSON into the cached page. */}
        <script type="application/json" id={STOCK_JSON_ID} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />
        {gated && <DropGate drop={gated.drop} phase={gated.phase} now={now} />}
        <div hidden={gated !== null}>
          <div data-part={PURCHASE_PART}>
            <ProductPurchase product={product} onChoice={setChoice} />
            <span data-part-end={PURCHASE_PART} hidden />
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <StylistDialog label="Ask the AI stylist" product={{ id: product.id, name: product.name }} triggerClassName="border-ink text-ink hover:bg-ink hover:text-surface" />
          {!loaderData.product.giftCard && (
            <Link to={`/size-guide?product=${product.id}`} className="text-sm font-semibold underline">
              Size guide
            </Link>
          )}
        </div>
        <dl className="grid grid-cols-2 gap-3 border-y border-line py-4 text-sm">
          <div>
            <dt className="text-ink-muted">Category</dt>
            <dd>
              <Link className="font-medium hover:underline" to={drop ? dropPath(drop.slug) : `/category/${product.category}`}>
                {drop ? drop.name : `${collection?.name ?? product.category} Collection`}
              </Link>
              {subcategory && (
                <>
                  {" / "}
                  <Link className="font-medium hover:underline" to={`/category/${product.category}/${subcategory.slug}`}>
                    {subcategory.name}
                  </Link>
                </>
              )}
            </dd>
          </div>
          <div>
            <dt className="text-ink-muted">Options</dt>
            <dd>
              {loaderData.product.giftCard ? `${product.sizes.length} amounts · emailed, never shipped` : `${product.colors.length} ${product.colors.length === 1 ? "colour" : "colours"} · ${product.sizes.length} ${product.sizes.length === 1 ? "size" : "sizes"}`}
            </dd>
          </div>
        </dl>
        <ServiceNotes shipping={shipping} />
      </div>
      {reviews && <ProductReviews key={product.id} productId={product.id} productName={product.name} initial={reviews} reader={reader} />}
    </div>
  );
}

/** The error screens' code comes only with an error (issue 30, item 5). */
const ProductError = lazy(() => import("~/components/product-detail/product-error").then((m) => ({ default: m.ProductError })));

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Suspense fallback={null}>
      <ProductError error={error} />
    </Suspense>
  );
}
