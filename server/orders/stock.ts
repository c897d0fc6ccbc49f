import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { noteChangedProducts } from "../cache/catalog-changes";

export interface StockLine {
  variantId: number;
  quantity: number;
}

/** Lock order: always by variant id, so concurrent checkouts never deadlock (DESIGN §4). */
const byVariant = (lines: StockLine[]) => [...lines].sort((a, b) => a.variantId - b.variantId);

/** Each statement returns its variant's product, so the caches drop that product's answers once this commits. */
const noteProducts = (result: unknown, what: "stock taken" | "stock returned") => noteChangedProducts(rowsOf<{ product_id: number }>(result).map((r) => r.product_id), what);

/**
 * Reserves every line or none: one conditional UPDATE per variant. Returns the first line that could not be
 * reserved; the caller must then roll back its transaction.
 */
export async function reserveStock(tx: Database, lines: StockLine[]): Promise<StockLine | null> {
  for (const line of byVariant(lines)) {
    const result = await tx.execute(
      sql`update variants set reserved = reserved + ${line.quantity} where id = ${line.variantId} and on_hand - reserved >= ${line.quantity}
        and exists (select 1 from products p where p.id = variants.product_id and p.status = 'active') returning product_id`,
    );
    if (rowsOf(result).length === 0) return line;
    noteProducts(result, "stock taken");
  }
  return null;
}

/** Gives reserved units back. */
export async function releaseStock(tx: Database, lines: StockLine[]): Promise<void> {
  for (const line of byVariant(lines)) {
    noteProducts(await tx.execute(sql`update variants set reserved = reserved - ${line.quantity} where id = ${line.variantId} returning product_id`), "stock returned");
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
    noteProducts(await tx.execute(sql`update variants set on_hand = on_hand + ${line.quantity} where id = ${line.variantId} returning product_id`), "stock returned");
  }
}

/** For a payment that arrives after its reservation lapsed: take the units now if they are still free. */
export async function takeStock(tx: Database, lines: StockLine[]): Promise<StockLine | null> {
  for (const line of byVariant(lines)) {
    const result = await tx.execute(
      sql`update variants set on_hand = on_hand - ${line.quantity} where id = ${line.variantId} and on_hand - reserved >= ${line.quantity} returning product_id`,
    );
    if (rowsOf(result).length === 0) return line;
    noteProducts(result, "stock taken");
  }
  return null;
}
