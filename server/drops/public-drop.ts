import { and, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { products } from "../db/schema";
import { AppError } from "../errors";
import { toProductJson } from "../catalog/product-json";
import { isActive, selectProducts } from "../catalog/product-query";
import type { Product } from "../catalog/product-types";
import { dropPhase, type DropPhase } from "../../shared/drops";
import type { DropIndex } from "./drop-index";
import type { DropBlockType } from "../../shared/drop-page";
import { DROP_BLOCK_SETTINGS, type DropBlockSettings } from "./drop-schemas";
import { soldOutPercent } from "./sold-out-percent";
import { openingHourEnd } from "./gate/drops-sell";

/** A block of the drop's page as the storefront renders it: its settings checked by its type's schema. */
export type PublicDropBlock = { [T in DropBlockType]: { type: T; settings: DropBlockSettings[T] } }[DropBlockType];

/**
 * GET /api/drops/{slug} (issue 48's names: name, slug, phase, announceAt, opensAt, shipsAt, products, soldOutPercent)
 * and what the drop's page needs besides: the other dates, the pre-order promises, its blocks and whether it has a
 * waiting room.
 */
export interface PublicDrop {
  name: string;
  slug: string;
  phase: Exclude<DropPhase, "scheduled">;
  announceAt: string;
  earlyAccessAt: string | null;
  opensAt: string;
  preorderClosesAt: string;
  shipsAt: string;
  /** The drop's products on sale, in the drop's order (drafts stay hidden, as everywhere on the storefront). */
  products: Product[];
  /** The share (0-100) of the drop's units sold or held by a checkout (sold-out-percent.ts); 100 once it has closed. */
  soldOutPercent: number;
  /** Every product shown has no unit left: the page offers the drop's waitlist. */
  soldOut: boolean;
  freeShipping: boolean;
  limitedQuantities: boolean;
  waitingRoom: boolean;
  /** Until when a drop without a line asks for the browser check before its pieces can be added (its opening hour); null: never. */
  browserCheckUntil: string | null;
  page: PublicDropBlock[];
}

/**
 * A block staff saved is checked again on the way out: one the schema no longer takes (an older shape) is left out
 * rather than failing the page.
 */
function pageBlocks(page: unknown): PublicDropBlock[] {
  if (!Array.isArray(page)) return [];
  return page.flatMap((block: { type?: unknown; settings?: unknown }) => {
    const type = block?.type as DropBlockType;
    if (!Object.hasOwn(DROP_BLOCK_SETTINGS, type)) return [];
    const parsed = DROP_BLOCK_SETTINGS[type].safeParse(block.settings ?? {});
    return parsed.success ? [{ type, settings: parsed.data } as PublicDropBlock] : [];
  });
}

/** The drop's products on sale, as the catalogue reads them, in the drop's order. */
async function dropProducts(db: Database, ids: number[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await selectProducts(db).where(and(isActive, inArray(products.id, ids)));
  const byId = new Map(rows.map((row) => [row.id, toProductJson(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The public drop at the service clock: unknown, archived (not in the index) and not yet announced drops are the same
 * 404, so nothing tells a scheduled drop from one that does not exist.
 */
export async function getPublicDrop({ db, now, index, slug }: { db: Database; now: () => Date; index: DropIndex; slug: string }): Promise<PublicDrop> {
  const drop = await index.bySlug(slug);
  const phase = drop ? dropPhase(drop, now()) : "scheduled";
  if (!drop || phase === "scheduled") throw new AppError("not_found", `Drop '${slug}' not found`);
  const [pieces, percent] = await Promise.all([dropProducts(db, drop.productIds), soldOutPercent(db, drop.id)]);
  return {
    name: drop.name,
    slug: drop.slug,
    phase,
    announceAt: drop.announceAt.toISOString(),
    earlyAccessAt: drop.earlyAccessAt?.toISOString() ?? null,
    opensAt: drop.opensAt.toISOString(),
    preorderClosesAt: drop.preorderClosesAt.toISOString(),
    shipsAt: drop.shipsAt.toISOString(),
    products: pieces,
    soldOutPercent: phase === "closed" ? 100 : percent,
    soldOut: pieces.length > 0 && pieces.every((p) => p.stock <= 0),
    freeShipping: drop.freeShipping,
    limitedQuantities: drop.limitedQuantities,
    waitingRoom: drop.admitPerMinute !== null,
    browserCheckUntil: drop.admitPerMinute === null ? (openingHourEnd(drop)?.toISOString() ?? null) : null,
    page: pageBlocks(drop.page),
  };
}
