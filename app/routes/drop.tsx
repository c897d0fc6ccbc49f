import { useState } from "react";
import { data, redirect } from "react-router";
import type { Route } from "./+types/drop";
import { servicesContext } from "~/context";
import { DropBlocks } from "~/components/drops/drop-blocks";
import { PieceList } from "~/components/drops/piece-list";
import { dateTimeLong, shipDateLong } from "~/lib/countdown";
import { pageTitle, seo } from "~/lib/seo";
import { useNow } from "~/lib/use-now";
import type { AppError } from "../../server/errors";
import { dropPhase } from "../../shared/drops";
import { preorderShippingNote } from "../../shared/shipping-copy";

/** SPEC §2 VSOP landing: its three fixed cards, the hoodie, the shorts and the complete set, in that order. */
const SPEC_CARD_ORDER = [2, 3, 1];
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** The drop the VSOP campaign became (server/drops/seed-drops.ts FIRST_DROP), whose page is SPEC §2's /vsop. */
const FIRST_DROP = "vsop";

/**
 * A drop's landing page, /drops/{slug} (issue 48), and the first drop's, /vsop (SPEC §2), which keeps the SPEC's fixed
 * card order and piece list; /drops/vsop answers 301 to it, so the drop has one address (docs/decisions/0049-drops-notes-C.md).
 * Public and shared by every visitor (decision 0034): nothing here reads the session.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.slug === FIRST_DROP) throw redirect("/vsop", 301);
  const slug = params.slug ?? FIRST_DROP;
  if (slug.length > 60 || !SLUG.test(slug)) throw data(null, { status: 404 });
  const services = context.get(servicesContext);
  const drop = await services.drops.publicDrop({ slug }).catch((error: unknown) => {
    // By its code: the built pages carry their own copy of AppError, so instanceof can't tell.
    if ((error as Partial<AppError> | null)?.code === "not_found") throw data(null, { status: 404 });
    throw error;
  });
  const spec = slug === FIRST_DROP;
  const cards = spec ? [...SPEC_CARD_ORDER.flatMap((id) => drop.products.filter((p) => p.id === id)), ...drop.products.filter((p) => !SPEC_CARD_ORDER.includes(p.id))] : drop.products;
  const at = services.drops.now().getTime();
  return {
    drop,
    cards,
    spec,
    // The store's clock at the render, and how far it runs from real time (STORE_CLOCK_OFFSET, whole minutes): the same for every
    // visitor, so the page may be cached, and the browser's countdown opens the drop at the store's instant.
    // (`|| 0`: a clock a moment behind rounds to -0, which would make an otherwise equal page's data differ.)
    clock: { at, offset: Math.round((at - Date.now()) / 60_000) * 60_000 || 0 },
    // Written out here (UTC): the page's code formats no dates (decision 0040).
    dates: { opens: dateTimeLong(new Date(drop.opensAt)), ships: shipDateLong(new Date(drop.shipsAt)), closes: dateTimeLong(new Date(drop.preorderClosesAt)) },
  };
}

/** The last crumb is the drop's name; /vsop keeps SPEC §2's "VSOP Collection" (app/lib/breadcrumbs.ts). */
export const handle = { breadcrumb: (d: { drop?: { name: string }; spec?: boolean } | undefined) => (d?.spec ? undefined : d?.drop?.name) };

export const meta: Route.MetaFunction = ({ loaderData: d, matches }) => {
  if (!d) return [{ title: pageTitle(matches, "Drop not found") }, { name: "robots", content: "noindex" }];
  const { drop, dates } = d;
  const open = dropPhase(drop, d.clock.at) === "open";
  return seo({
    title: pageTitle(matches, `${drop.name}: ${open ? "Pre-order" : "Coming soon"}`),
    description: [`${open ? "Pre-order" : `Opens ${dates.opens}:`} the limited ${drop.name}. Ships ${dates.ships}.`, preorderShippingNote(drop.freeShipping)].filter(Boolean).join(" "),
    path: d.spec ? "/vsop" : `/drops/${drop.slug}`,
    matches,
  });
};

export default function DropPage({ loaderData }: Route.ComponentProps) {
  const { drop, cards, spec, clock, dates } = loaderData;
  // One clock for the whole page: at the opening instant the badge, the countdown and the buttons change together.
  const now = useNow(clock.at, clock.offset);
  const phase = dropPhase(drop, now);
  const shown = phase === "scheduled" ? "announced" : phase;
  const [firstPhase] = useState(shown);
  const hasHero = drop.page.some((b) => b.type === "drop_hero");
  return (
    <>
      {!hasHero && <h1 className="sr-only">{drop.name}</h1>}
      {/* Said once, when the drop changes phase while the page is open (the countdown itself is not read out as it ticks). */}
      <p role="status" className="sr-only">
        {shown !== firstPhase && (shown === "open" ? `${drop.name} is open: pre-orders have started.` : shown === "early" ? `Early access to ${drop.name} has started.` : shown === "closed" ? `Pre-orders for ${drop.name} have closed.` : "")}
      </p>
      <DropBlocks drop={drop} phase={shown} now={now} dates={dates} cards={cards} />
      {spec && <PieceList pieces={drop.products} />}
    </>
  );
}
