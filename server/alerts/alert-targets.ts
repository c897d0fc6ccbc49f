import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { VSOP_CATEGORY } from "../../shared/taxonomy";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";

/** A variant a shopper waits for, with what its emails and pages say about it. */
export interface AlertVariant {
  variantId: number;
  productId: number;
  name: string;
  color: string;
  size: string;
  available: number;
  onSale: boolean;
}

/**
 * The VSOP drop's stock units: every variant of the VSOP collection's pre-order pieces that are on sale. An alert
 * with no variant (variant_id null) waits for any of them.
 */
const dropVariants = sql`
  select v.id, v.on_hand - v.reserved as available from variants v
  join products p on p.id = v.product_id join categories c on c.id = p.category_id
  where c.slug = ${VSOP_CATEGORY} and p.preorder and p.status = 'active'`;

const dropAvailable = sql`exists (select 1 from (${dropVariants}) d where d.available > 0)`;

/** True when an alert's target can be bought now: its variant (or, for the waitlist, any drop variant) has a unit free. */
export const targetAvailable = (variantId: SQL | AnyPgColumn) => sql`(case when ${variantId} is null
  then ${dropAvailable}
  else exists (select 1 from variants v join products p on p.id = v.product_id where v.id = ${variantId} and v.on_hand - v.reserved > 0 and p.status = 'active') end)`;

export async function findAlertVariant(db: Database, variantId: number): Promise<AlertVariant | null> {
  const [row] = rowsOf<AlertVariant>(
    await db.execute(sql`select v.id as "variantId", p.id as "productId", p.name, v.color, v.size, (v.on_hand - v.reserved)::int as available, p.status = 'active' as "onSale"
      from variants v join products p on p.id = v.product_id where v.id = ${variantId}`),
  );
  return row ?? null;
}

/** The drop's units: how many variants it has and how many of them have stock free. */
export async function dropStock(db: Database): Promise<{ variants: number; available: number }> {
  const [row] = rowsOf<{ variants: number; available: number }>(
    await db.execute(sql`select count(*)::int as variants, count(*) filter (where d.available > 0)::int as available from (${dropVariants}) d`),
  );
  return row ?? { variants: 0, available: 0 };
}

/** Sold out: the drop has pieces on sale and not one unit of them is free (the VSOP page then offers the waitlist). */
export async function isDropSoldOut(db: Database): Promise<boolean> {
  const { variants, available } = await dropStock(db);
  return variants > 0 && available === 0;
}

/** Whether a target can be bought at this moment (the sender asks again right before each email). */
export async function isTargetAvailable(db: Database, variantId: number | null): Promise<boolean> {
  if (variantId === null) return (await dropStock(db)).available > 0;
  const variant = await findAlertVariant(db, variantId);
  return variant !== null && variant.onSale && variant.available > 0;
}
