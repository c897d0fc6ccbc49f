import type { Product } from "../../../server/catalog/product-types";
import type { PublicDrop } from "../../../server/drops/public-drop";
import type { DropPhase } from "../../../shared/drops";
import { RichTextSection } from "~/components/home/content-sections";
import { DropFaq } from "./drop-faq";
import { type DropDates, DropHero } from "./drop-hero";
import { DropProducts } from "./drop-products";

/**
 * A drop's page, its blocks in the staff's order (issue 48): the hero, the grid of its pieces, rich text (the home
 * page's renderer) and questions. `phase` is read from the page's ticking clock; `cards` are the pieces in the page's
 * order.
 */
export function DropBlocks({ drop, phase, now, dates, cards }: { drop: PublicDrop; phase: Exclude<DropPhase, "scheduled">; now: Date; dates: DropDates; cards: Product[] }) {
  return drop.page.map((block, at) => {
    switch (block.type) {
      case "drop_hero":
        return <DropHero key={at} drop={drop} phase={phase} now={now} dates={dates} settings={block.settings} firstProductId={cards[0]?.id} />;
      case "drop_products":
        return <DropProducts key={at} at={at} products={cards} phase={phase} title={block.settings.title} ships={dates.ships} limitedQuantities={drop.limitedQuantities} freeShipping={drop.freeShipping} />;
      case "rich_text":
        return <RichTextSection key={at} settings={block.settings} />;
      case "faq":
        return <DropFaq key={at} id={`faq-heading-${at}`} settings={block.settings} />;
    }
  });
}
