import { Link } from "react-router";
import type { PublicDrop } from "../../../server/drops/public-drop";
import type { DropBlockSettings } from "../../../server/drops/drop-schemas";
import type { DropPhase } from "../../../shared/drops";
import { AlertSignUp } from "~/components/alerts/alert-sign-up";
import { StylistDialog } from "~/components/stylist/stylist-dialog";
import { Countdown } from "./countdown";
import { WaitingRoom } from "./waiting-room";
import { countdownTarget, dropBadge } from "./drop-phase";

type Shown = Exclude<DropPhase, "scheduled">;

/** The dates as the loader wrote them out (UTC, decision 0040: the page's code formats no dates). */
export interface DropDates {
  opens: string;
  ships: string;
  closes: string;
}

/**
 * The drop's hero (issue 48): its phase's badge, its name as the page's h1, "Ships {date}", a countdown to its next
 * instant with the hype meter, and what a shopper can do now: look at the pieces before the open, pre-order once it
 * opens, join the waitlist once every piece is gone. `phase` is the page's, read from its ticking clock, so the hero
 * changes at the instant the drop opens, with no reload. The actions are one row: the waiting room goes there too.
 */
export function DropHero({ drop, phase, now, dates, settings, firstProductId }: { drop: PublicDrop; phase: Shown; now: Date; dates: DropDates; settings: DropBlockSettings["drop_hero"]; firstProductId: number | undefined }) {
  const { label, target } = countdownTarget(drop, phase);
  const waitlist = drop.soldOut && (phase === "open" || phase === "closed");
  const gatedByLine = phase === "open" && (drop.waitingRoom || (drop.browserCheckUntil !== null && now < new Date(drop.browserCheckUntil)));
  const intro = settings.text ?? (phase === "announced" ? `Opens ${dates.opens}.` : phase === "early" ? `Early access is open to holders of an early-access link. Everyone else can pre-order from ${dates.opens}.` : phase === "closed" ? `Pre-orders closed on ${dates.closes}.` : null);
  return (
    <section aria-labelledby="drop-title" className="bg-[#121316] text-white">
      <div className="container-page grid gap-10 py-12 md:grid-cols-2 md:py-16">
        <div>
          <span className="inline-block rounded-full bg-brand-500 px-3 py-1 text-xs font-bold tracking-widest text-black">{dropBadge(phase, drop.soldOut)}</span>
          <h1 id="drop-title" className="mt-5 font-display text-4xl font-black tracking-tight sm:text-5xl">
            {settings.heading ?? drop.name}
          </h1>
          <p className="mt-4 text-lg text-white/75">{`Ships ${dates.ships}`}</p>
          {intro && <p className="mt-2 max-w-xl text-white/75">{intro}</p>}
          {waitlist ? (
            // Every piece is gone: the waitlist (one email if any size comes back) takes the pre-order button's place.
            <AlertSignUp
              className="mt-8 max-w-lg border-transparent bg-surface"
              heading="Join the waitlist"
              detail="Every piece of the drop is sold out. Join the waitlist and we'll email you once if any size comes back."
              endpoint="/api/stock-alerts/waitlist"
              body={{ drop: drop.slug }}
              submitLabel="Join the waitlist"
              idPrefix="drop-waitlist"
            />
          ) : (
            <>
              {/* Open with a waiting room (or in a line-less drop's opening hour of browser checks): the line takes the
                  pre-order button's place (issue 48, the gate). */}
              {gatedByLine && <WaitingRoom slug={drop.slug} dropName={drop.name} products={drop.products.map((p) => ({ id: p.id, name: p.name }))} />}
              <div className="mt-8 flex flex-wrap gap-3">
                {firstProductId !== undefined && phase !== "closed" && !gatedByLine && (
                <Link to={`/product/${firstProductId}`} className="inline-flex h-12 items-center rounded-full bg-brand-500 px-7 text-sm font-bold tracking-wide text-black hover:bg-brand-100">
                  {phase === "open" ? "PRE-ORDER NOW" : "PREVIEW THE PIECES"}
                </Link>
              )}
                <StylistDialog triggerClassName="h-12 border-white text-white hover:bg-white hover:text-black" />
              </div>
            </>
          )}
        </div>
        <Countdown label={label} target={target} now={now} collection={drop.name} percent={phase === "closed" ? 100 : drop.soldOutPercent} urgency={phase === "open"} />
      </div>
    </section>
  );
}
