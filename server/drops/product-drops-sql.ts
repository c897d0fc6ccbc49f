import { type SQL, sql } from "drizzle-orm";

/**
 * Every drop (not archived) a product is in, as ProductDrop JSON (shared/drops.ts), oldest first: the one SQL form of
 * "which drop is this product in?". Which of them counts at an instant is `currentDrop` (shared/drops.ts), read with
 * the service clock, so a cached answer stays right across a phase change.
 */
export const productDropsSql = (productId: SQL) => sql`(select coalesce(json_agg(json_build_object(
    'id', d.id, 'slug', d.slug, 'name', d.name,
    'announceAt', to_char(d.announce_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'earlyAccessAt', to_char(d.early_access_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'opensAt', to_char(d.opens_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'preorderClosesAt', to_char(d.preorder_closes_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'shipsAt', to_char(d.ships_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'freeShipping', d.free_shipping, 'limitedQuantities', d.limited_quantities) order by d.announce_at), '[]'::json)
  from drop_products dp join drops d on d.id = dp.drop_id where dp.product_id = ${productId} and d.archived_at is null)`;

/** The product is in a drop not archived (a drop's pieces are left out where a drop's own page shows them). */
export const inDropSql = (productId: SQL) =>
  sql`exists (select 1 from drop_products dp join drops d on d.id = dp.drop_id where dp.product_id = ${productId} and d.archived_at is null)`;

/**
 * The product is in a drop not archived whose pre-orders ship free (staff's flag per drop): with `products.preorder`,
 * the one SQL form of "this line ships free as a pre-order" (server/pricing/preorder-shipping.ts).
 */
export const dropShipsFreeSql = (productId: SQL) =>
  sql`exists (select 1 from drop_products dp join drops d on d.id = dp.drop_id where dp.product_id = ${productId} and d.archived_at is null and d.free_shipping)`;
