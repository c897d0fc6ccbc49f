import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { noteStockMoves, type VariantStock } from "../cache/catalog-changes";

export interface StockLine {
  variantId: number;
  quantity: number;
}

/** Lock order: always by variant id, so concurrent checkouts never deadlock (DESIGN §4). */
const byVariant = (lines: StockLine[]) => [...lines].sort((a, b) => a.variantId - b.variantId);

/**
 * What each statement returns: its variant's product and the stock it left with that stock's version, so the caches
 * drop that product's answers once this commits and its page shows the new stock without reading it (decision 0043).
 */
const MOVED = sql`returning product_id as product, id as variant, on_hand - reserved as available, stock_version as version`;
const movesOf = (result: unknown): VariantStock[] => rowsOf<VariantStock>(result).map((r) => ({ product: Number(r.product), variant: Number(r.variant), available: Number(r.available), version: Number(r.version) }));

/**
 * Reserves every line or none: one conditional UPDATE per variant. Returns the first line that could not be
 * reserved; the caller must then roll back its transaction. The moves are noted only when every line was reserved:
 * a partial reservation is rolled back (for a late payment, by a savepoint inside a transaction that commits).
 */
export async function reserveStock(tx: Database, lines: StockLine[]): Promise<StockLine | null> {
  const moves: VariantStock[] = [];
  for (const line of byVariant(lines)) {
    const result = await tx.execute(
      sql`update variants set reserved = reserved + ${line.quantity} where id = ${line.variantId} and on_hand - reserved >= ${line.quantity}
        and exists (select 1 from products p where p.id = variants.product_id and p.status = 'active') ${MOVED}`,
    );
    if (rowsOf(result).length === 0) return line;
    moves.push(...movesOf(result));
  }
  noteStockMoves(moves, "stock taken");
  return null;
}

/** Gives reserved units back. */
export async function releaseStock(tx: Database, lines: StockLine[]): Promise<void> {
  for (const line of byVariant(lines)) {
    noteStockMoves(movesOf(await tx.execute(sql`update variants set reserved = reserved - ${line.quantity} where id = ${line.variantId} ${MOVED}`)), "stock returned");
  }
}

/**
 * A paid order takes its reserved units out of stock: on_hand and reserved both go down. Nothing a shopper sees moves
 * (units available are on_hand - reserved; the hype meter counts reserved and sold units alike), so the caches keep
 * the product's answers (decision 0022).
 */
export async function commitStock(tx: Database, lines: StockLine[]): Promise<void> {
  for (const line of byVariant(lines)) {
    await tx.execute(sql`update variants set on_hand = on_hand - ${line.quantity}, reserved = reserved - ${line.quantity} where id = ${line.variantId}`);
  }
}

/** A canceled paid order puts its units back on sale. */
export async function restockStock(tx: Database, lines: StockLine[]): Promise<void> {
  for (const line of byVariant(lines)) {
    noteStockMoves(movesOf(await tx.execute(sql`update variants set on_hand = on_hand + ${line.quantity} where id = ${line.variantId} ${MOVED}`)), "stock returned");
  }
}

/** For a payment that arrives after its reservation lapsed: take the units now if they are still free (all or none, as reserveStock). */
export async function takeStock(tx: Database, lines: StockLine[]): Promise<StockLine | null> {
  const moves: VariantStock[] = [];
  for (const line of byVariant(lines)) {
    const result = await tx.execute(
      sql`update variants set on_hand = on_hand - ${line.quantity} where id = ${line.variantId} and on_hand - reserved >= ${line.quantity} ${MOVED}`,
    );
    if (rowsOf(result).length === 0) return line;
    moves.push(...movesOf(result));
  }
  noteStockMoves(moves, "stock taken");
  return null;
}

/**
 * How one variant's stock moves: `take` from sale at once (a paid order's new units), `reserve` (held for a payment),
 * `commit` what was reserved (paid), `release` a reservation, `restock` units back on sale.
 */
export type StockMove = StockLine & { how: "take" | "reserve" | "commit" | "release" | "restock" };

const MOVE_SQL = {
  take: (q: number) => sql`on_hand = on_hand - ${q}`,
  reserve: (q: number) => sql`reserved = reserved + ${q}`,
  commit: (q: number) => sql`on_hand = on_hand - ${q}, reserved = reserved - ${q}`,
  release: (q: number) => sql`reserved = reserved - ${q}`,
  restock: (q: number) => sql`on_hand = on_hand + ${q}`,
};

/**
 * Moves of several kinds in one pass by variant id, as every other stock write locks them (an order edit takes one size
 * and puts another back: two edits doing the opposite can't deadlock). A take or a reservation happens only while the
 * units are free and the product on sale; returns the first that could not be made, and the caller must roll back.
 */
export async function moveStock(tx: Database, moves: StockMove[]): Promise<StockMove | null> {
  const noted: { moves: VariantStock[]; why: "stock taken" | "stock returned" }[] = [];
  for (const move of [...moves].sort((a, b) => a.variantId - b.variantId)) {
    const guarded = move.how === "take" || move.how === "reserve";
    const result = await tx.execute(
      sql`update variants set ${MOVE_SQL[move.how](move.quantity)} where id = ${move.variantId}
        ${guarded ? sql`and on_hand - reserved >= ${move.quantity} and exists (select 1 from products p where p.id = variants.product_id and p.status = 'active')` : sql``} ${MOVED}`,
    );
    if (rowsOf(result).length === 0) return move;
    // A commit changes nothing a shopper sees (commitStock above); the rest are told once every move is made.
    if (move.how !== "commit") noted.push({ moves: movesOf(result), why: guarded ? "stock taken" : "stock returned" });
  }
  for (const { moves: m, why } of noted) noteStockMoves(m, why);
  return null;
}
