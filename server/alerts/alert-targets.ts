import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { dropPath } from "../drops/featured-drop";

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

/** A drop as the waitlist names it: in its emails, its answers and the link to its page. */
export interface WaitlistDrop {
  id: number;
  slug: string;
  name: string;
  /** Its page (/vsop for the first drop, else /drops/{slug}). */
  path: string;
}

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** A drop's stock units: every variant of its pre-order pieces that are on sale. */
const dropVariants = (dropId: number) => sql`
  select v.id, v.on_hand - v.reserved as available from variants v
  join products p on p.id = v.product_id join drop_products dp on dp.product_id = p.id
  where dp.drop_id = ${dropId} and p.preorder and p.status = 'active'`;

/**
 * True when the drop's pre-order pieces can be bought now by anyone (open at `now`, not archived) with a unit free:
 * what its waitlist alerts (drop_id) wait for. Each row waits for its own drop, never for another one restocking.
 */
const dropRestocked = (dropId: SQL | AnyPgColumn | number, now: Date) => sql`exists (
  select 1 from drops d
  where d.id = ${dropId} and d.archived_at is null and d.opens_at <= ${at(now)} and ${at(now)} < d.preorder_closes_at
    and exists (select 1 from drop_products dp join products p on p.id = dp.product_id join variants v on v.product_id = p.id
                where dp.drop_id = d.id and p.preorder and p.status = 'active' and v.on_hand - v.reserved > 0))`;

/** True when an alert's target can be bought now: its variant (or, for a waitlist row, a piece of its drop) has a unit free. */
export const targetAvailable = (variantId: SQL | AnyPgColumn, dropId: SQL | AnyPgColumn, now: Date) => sql`(case when ${variantId} is null
  then ${dropRestocked(dropId, now)}
  else exists (select 1 from variants v join products p on p.id = v.product_id where v.id = ${variantId} and v.on_hand - v.reserved > 0 and p.status = 'active') end)`;

export async function findAlertVariant(db: Database, variantId: number): Promise<AlertVariant | null> {
  const [row] = rowsOf<AlertVariant>(
    await db.execute(sql`select v.id as "variantId", p.id as "productId", p.name, v.color, v.size, (v.on_hand - v.reserved)::int as available, p.status = 'active' as "onSale"
      from variants v join products p on p.id = v.product_id where v.id = ${variantId}`),
  );
  return row ?? null;
}

const withPath = (d: { id: number; slug: string; name: string }): WaitlistDrop => ({ ...d, path: dropPath(d.slug) });

/** A drop shown at `now` (announced, not archived) by its slug, or null. */
export async function findShownDrop(db: Database, slug: string, now: Date): Promise<WaitlistDrop | null> {
  const [row] = rowsOf<{ id: number; slug: string; name: string }>(
    await db.execute(sql`select id, slug, name from drops where slug = ${slug} and archived_at is null and announce_at <= ${at(now)}`),
  );
  return row ? withPath(row) : null;
}

/** A waitlist row's own drop, as its confirmation and its email name it (archived or not), or null. */
export async function findWaitlistDrop(db: Database, dropId: number): Promise<WaitlistDrop | null> {
  const [row] = rowsOf<{ id: number; slug: string; name: string }>(await db.execute(sql`select id, slug, name from drops where id = ${dropId}`));
  return row ? withPath(row) : null;
}

/** True when the drop is open at `now` with a piece free again: its waitlist's email may go out. */
export async function isDropRestocked(db: Database, dropId: number, now: Date): Promise<boolean> {
  const [row] = rowsOf<{ restocked: boolean }>(await db.execute(sql`select ${dropRestocked(dropId, now)} as restocked`));
  return row?.restocked === true;
}

/** A drop's units: how many variants its pre-order pieces on sale have and how many of them have stock free. */
export async function dropStock(db: Database, dropId: number): Promise<{ variants: number; available: number }> {
  const [row] = rowsOf<{ variants: number; available: number }>(
    await db.execute(sql`select count(*)::int as variants, count(*) filter (where d.available > 0)::int as available from (${dropVariants(dropId)}) d`),
  );
  return row ?? { variants: 0, available: 0 };
}

/** Sold out: the drop has pieces on sale and not one unit of them is free (its page then offers the waitlist). */
export async function isDropSoldOut(db: Database, dropId: number): Promise<boolean> {
  const { variants, available } = await dropStock(db, dropId);
  return variants > 0 && available === 0;
}
