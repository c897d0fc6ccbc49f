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
