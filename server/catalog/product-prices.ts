import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { AppError } from "../errors";

type Executor = Pick<Database, "execute">;

/** A compare-at price is the price before a sale, so it must be above the price. */
export function checkPrices(priceCents: number, compareAtCents: number | null) {
  if (compareAtCents !== null && compareAtCents <= priceCents) throw new AppError("bad_request", "The compare-at price must be above the price (it is the price before a sale)");
}

/**
 * Variants own prices; a product's price and compare-at are its cheapest variant's (the "from" price cards show and
 * listings sort, filter and index on). Call after changing any variant's price, in the same transaction. A product
 * left without variants keeps its last price.
 */
export async function refreshProductPrices(db: Executor, productIds: number[]) {
  if (productIds.length === 0) return;
  const ids = sql.join([...new Set(productIds)].map((id) => sql`${id}::int`), sql`, `);
  await db.execute(sql`
    update products p set price_cents = v.price_cents, compare_at_cents = v.compare_at_cents
    from (
      select distinct on (product_id) product_id, price_cents, compare_at_cents from variants
      where product_id in (${ids})
      order by product_id, price_cents, compare_at_cents desc nulls last
    ) v
    where p.id = v.product_id and (p.price_cents, p.compare_at_cents) is distinct from (v.price_cents, v.compare_at_cents)`);
}
