import { Check, Package, Truck } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/vsop";
import { servicesContext } from "~/context";
import { buttonClass } from "~/components/layout/status-screen";
import { AlertSignUp } from "~/components/alerts/alert-sign-up";
import { StylistDialog } from "~/components/stylist/stylist-dialog";
import { Countdown } from "~/components/vsop/countdown";
import { shipDateLong } from "~/lib/countdown";
import { formatPrice } from "~/lib/money";
import { isVsop } from "~/lib/product-options";
import { pageTitle, seo } from "~/lib/seo";
import { preorderShippingNote } from "../../shared/shipping-copy";
import { VSOP_CATEGORY } from "../../shared/taxonomy";

/** SPEC §2 VSOP landing: the hoodie, the shorts and the complete set, in that order. */
const CARD_ORDER = [2, 3, 1];

export async function loader({ context }: Route.LoaderArgs) {
  const { catalog, campaign, alerts } = context.get(servicesContext);
  const [drop, list, soldOut] = await Promise.all([campaign.get(), catalog.listProducts({ scope: { kind: "category", category: VSOP_CATEGORY }, query: { limit: 100 } }), alerts.dropSoldOut()]);
  const pieces = list.products.filter(isVsop);
  const cards = CARD_ORDER.map((id) => pieces.find((p) => p.id === id)).filter((p) => p !== undefined);
  return { campaign: drop, serverNow: Date.now(), cards, pieces, soldOut };
}

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) =>
  seo({
    title: pageTitle(matches, "VSOP Premium Collection: Pre-order"),
    description: data ? [`Pre-order the limited VSOP collection. Ships ${shipDateLong(new Date(data.campaign.shipsAt))}.`, preorderShippingNote(data.campaign.freeShipping)].filter(Boolean).join(" ") : "Pre-order the VSOP collection.",
    path: "/vsop",
    matches,
  });

export default function VsopLanding({ loaderData }: Route.ComponentProps) {
  const { campaign, serverNow, cards, pieces, soldOut } = loaderData;
  const ships = shipDateLong(new Date(campaign.shipsAt));
  return (
    <>
      <section aria-labelledby="vsop-title" className="bg-[#121316] text-white">
        <div className="container-page grid gap-10 py-12 md:grid-cols-2 md:py-16">
          <div>
            <span className="inline-block rounded-full bg-brand-500 px-3 py-1 text-xs font-bold tracking-widest text-black">{soldOut ? "SOLD OUT" : "PRE-ORDER"}</span>
            <h1 id="vsop-title" className="mt-5 font-display text-4xl font-black tracking-tight sm:text-5xl">
              VSOP Premium Collection
            </h1>
            <p className="mt-4 text-lg text-white/75">Ships {ships}</p>
            {soldOut ? (
              // Every piece is gone: the waitlist (one email if any size comes back) takes the pre-order button's place.
              <AlertSignUp
                className="mt-8 max-w-lg border-transparent bg-surface"
                heading="Join the waitlist"
                detail="Every piece of the drop is sold out. Join the waitlist and we'll email you once if any size comes back."
                endpoint="/api/stock-alerts/waitlist"
                body={{}}
                submitLabel="Join the waitlist"
              />
            ) : (
              <div className="mt-8 flex flex-wrap gap-3">
                <Link to="/product/2" className="inline-flex h-12 items-center rounded-full bg-brand-500 px-7 text-sm font-bold tracking-wide text-black hover:bg-brand-100">
                  PRE-ORDER THE HOODIE
                </Link>
                <StylistDialog triggerClassName="h-12 border-white text-white hover:bg-white hover:text-black" />
              </div>
            )}
          </div>
          <Countdown campaign={campaign} serverNow={serverNow} />
        </div>
      </section>

      <section aria-labelledby="pieces-heading" className="container-page py-14">
        <h2 id="pieces-heading" className="font-display text-2xl font-bold tracking-tight sm:text-3xl">
          The pieces
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {cards.map((product) => (
            <li key={product.id} className="flex flex-col overflow-hidden rounded-3xl border border-line">
              <img src={product.image} alt={product.name} width={400} height={500} className="aspect-[4/5] w-full bg-surface-muted object-cover" />
              <div className="flex flex-1 flex-col gap-2 p-5">
                <span className="w-fit rounded-full bg-black/85 px-2 py-1 text-[0.65rem] font-bold tracking-wide text-white">PRE-ORDER</span>
                <h3 className="text-lg font-semibold">{product.name}</h3>
                <p className="text-xl font-bold">{formatPrice(product.price)}</p>
                <p className="text-sm text-ink-muted">Sizes: {product.sizes.join(", ")}</p>
                <Link to={`/product/${product.id}`} className={`${buttonClass} mt-auto`}>
                  Pre-order now
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="details-heading" className="container-page pb-14">
        <h2 id="details-heading" className="font-display text-2xl font-bold tracking-tight">
          Pre-order details
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-3">
          {[
            { icon: Package, title: campaign.limitedQuantities ? "Limited quantities" : "Made to order", text: "One numbered production run. When it's gone, it's gone." },
            { icon: Truck, title: `Delivery ${ships}`, text: "Every pre-order ships on the release date." },
            { icon: Check, title: preorderShippingNote(campaign.freeShipping) ?? "Shipping at checkout", text: campaign.freeShipping ? "No minimum spend: an order of pre-orders alone ships free." : "Shipping is worked out for your address at checkout." },
          ].map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl bg-surface-muted p-5">
              <Icon aria-hidden="true" className="size-6 text-brand-700 dark:text-brand-500" />
              <h3 className="mt-3 font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-ink-muted">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="all-heading" className="container-page pb-8">
        <h2 id="all-heading" className="text-lg font-bold">
          Every VSOP piece
        </h2>
        <p className="text-sm text-ink-muted">
          {pieces.length === 0 ? "No products found" : `${pieces.length} VSOP ${pieces.length === 1 ? "product" : "products"} in the tech-casual collection`}
        </p>
        <ul className="mt-4 divide-y divide-line rounded-2xl border border-line">
          {pieces.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-4 p-4 text-sm">
              <span>
                <span className="font-medium">{p.name}</span> · {formatPrice(p.price)} · {p.stock} left
              </span>
              <Link to={`/product/${p.id}`} className="font-semibold underline">
                View Details
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
