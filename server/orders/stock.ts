import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";

export interface StockLine {
  variantId: number;
  quantity: number;
}

/** Lock order: always by variant id, so concurrent checkouts never deadlock (DESIGN §4). */
const byVariant = (lines: StockLine[]) => [...lines].sort((a, b) => a.variantId - b.variantId);


/**
 * Reserves every line or none: one conditional UPDATE per variant. Returns the first line that could not be
 * reserved; the caller must then roll back its transaction.
 */
export async function reserveStock(tx: Database, lines: StockLine[]): Promise<StockLine | null> {
  for (const line of byVariant(lines)) {
    const result = await tx.execute(
      sql`update variants set reserved = reserved + ${line.quantity} where id = ${line.variantId} and on_hand - reserved >= ${line.quantity}
        and exists (select 1 from products p where p.id = variants.product_id and p.status = 'active') returning id`,
    );
    if (rowsOf(result).length === 0) return line;
  }
  return null;
}

/** Gives reserved units back. */
export async function releaseStock(tx: Database, lines: StockLine[]): Promise<void> {
  for (const line of byVariant(lines)) {
    await tx.execute(sql`update variants set reserved = reserved - ${line.quantity} where id = ${line.variantId}`);
  }
}

/** A paid order takes its reserved units out of stock: on_hand and reserved both go down. */
export async function commitStock(tx: Database, lines: StockLine[]): Promise<void> {
  for (const line of byVariant(lines)) {
    await tx.execute(sql`update variants set on_hand = on_hand - ${line.quantity}, reserved = reserved - ${line.quantity} where id = ${line.variantId}`);
  }
}

/** A canceled paid order puts its units back on sale. */
export async function restockStock(tx: Database, lines: StockLine[]): Promise<void> {
  for (const line of byVariant(lines)) {
    await tx.execute(sql`update variants set on_hand = on_hand + ${line.quantity} where id = ${line.variantId}`);
  }
}

/** For a payment that arrives after its reservation lapsed: take the units now if they are still free. */
export async function takeStock(tx: Database, lines: StockLine[]): Promise<StockLine | null> {
  for (const line of byVariant(lines)) {
    const result = await tx.execute(
      sql`update variants set on_hand = on_hand - ${line.quantity} where id = ${line.variantId} and on_hand - reserved >= ${line.quantity} returning id`,
    );
    if (rowsOf(result).length === 0) return line;
  }
  return null;
}
