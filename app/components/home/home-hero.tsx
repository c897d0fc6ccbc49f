import { ArrowRight } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import type { Campaign } from "../../../server/campaign/campaign-types";
import type { Product } from "../../../server/catalog/product-types";
import { Countdown } from "~/components/drops/countdown";
import { useNow } from "~/lib/use-now";
import { dropPath } from "~/lib/drop-path";
import { shipDateShort } from "~/lib/countdown";
import { formatPrice } from "~/lib/money";
import { preorderShippingNote } from "../../../shared/shipping-copy";

/** `preorderHref`: the piece the pre-order button opens (SPEC §2 Home: the hoodie for VSOP). */
export function HomeHero({ campaign, serverNow, feature, preorderHref, heading = "VSOP Premium Collection" }: { campaign: Campaign; serverNow: number; feature: Product | undefined; preorderHref: string; heading?: string }) {
  const headingId = useId();
  const now = useNow(serverNow);
  return (
    <section aria-labelledby={headingId} className="relative overflow-hidden bg-[#121316] text-white">
      <div className="container-page grid items-center gap-10 py-12 md:grid-cols-[1.1fr_0.9fr] md:py-16">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/20 px-3 py-1 text-xs font-semibold uppercase tracking-[0.25em] text-brand-500">New · Pre-order</p>
          <h1 id={headingId} className="mt-5 font-display text-4xl font-black leading-[1.05] tracking-tight sm:text-6xl">
            {heading}
          </h1>
          <p className="mt-4 max-w-xl text-lg leading-8 text-white/75">
            Heavyweight tech-casual streetwear, made in one small numbered run.{campaign.limitedQuantities && " Limited quantities."}
            {campaign.freeShipping && ` ${preorderShippingNote(true)}.`}
          </p>
          <div className="mt-6 max-w-xl">
            <Countdown label="Pre-order closes in" target={campaign.preorderClosesAt} now={now} collection={campaign.name} percent={campaign.hypePercent} />
          </div>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to={dropPath(campaign.slug)} className="inline-flex h-12 items-center gap-2 rounded-full bg-brand-500 px-7 text-sm font-bold tracking-wide text-black hover:bg-brand-100">
              SHOP VSOP COLLECTION <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
            <Link to={preorderHref} className="inline-flex h-12 items-center rounded-full border border-white/40 px-7 text-sm font-bold tracking-wide hover:bg-white hover:text-black">
              PRE-ORDER NOW - SHIPS {shipDateShort(new Date(campaign.shipsAt))}
            </Link>
          </div>
        </div>
        {feature && (
          <div className="relative mx-auto hidden w-full max-w-sm md:block">
            <div className="absolute -inset-6 rounded-[2.5rem] bg-brand-500/25 blur-3xl" aria-hidden="true" />
            <img src={feature.image} alt={feature.name} width={400} height={500} fetchPriority="high" className="relative w-full rounded-[2rem] shadow-2xl" />
            <p className="relative mt-4 text-center text-sm text-white/70">
              {feature.name} · <span className="font-semibold text-white">{formatPrice(feature.price)}</span>
            </p>
          </div>
        )}
      </div>
    </section>
  );
}
