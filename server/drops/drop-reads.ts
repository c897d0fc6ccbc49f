import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { dropProducts, drops, products } from "../db/schema";
import { AppError } from "../errors";
import { productIdsOf } from "./drop-admin";
import { dropStaffJson } from "./drop-staff-json";

/**
 * The orders a drop counts as its sales: stock taken at payment (committed), placed between its announcement and the
 * close of its pre-orders (the same products may sell outside it, before or in a later drop). `d` is the drops row.
 */
export const countedOrder = (o: string, d: string) => sql.raw(`${o}.stock_state = 'committed' and ${o}.created_at >= ${d}.announce_at and ${o}.created_at < ${d}.preorder_closes_at`);

/** The staff list is every drop there is; a store makes a handful a year, so this bound is never reached. */
const LIST_LIMIT = 500;

/** Every drop, live and upcoming first then archived, each with its phase at `now`, its product count and units sold. */
export async function listDrops({ db, now }: { db: Database; now: Date }) {
  const rows = await db
    .select()
    .from(drops)
    .orderBy(sql`${drops.archivedAt} is not null`, desc(drops.announceAt), desc(drops.id))
    .limit(LIST_LIMIT);
  if (rows.length === 0) return { drops: [] };
  const ids = rows.map((r) => r.id);
  const [links, figures] = await Promise.all([
    db.select().from(dropProducts).where(inArray(dropProducts.dropId, ids)).orderBy(asc(dropProducts.position), asc(dropProducts.productId)),
    db.execute(sql`
      select d.id,
        coalesce((select sum(oi.quantity) from order_items oi join orders o on o.id = oi.order_id
          where oi.product_id in (select product_id from drop_products where drop_id = d.id) and ${countedOrder("o", "d")}), 0)::int as sold
      from drops d where d.id in ${ids}`),
  ]);
  const sold = new Map(rowsOf<{ id: number; sold: number }>(figures).map((f) => [f.id, f.sold]));
  return {
    drops: rows.map((row) => {
      const productIds = links.filter((l) => l.dropId === row.id).map((l) => l.productId);
      return { ...dropStaffJson(row, productIds, now), productCount: productIds.length, unitsSold: sold.get(row.id) ?? 0 };
    }),
  };
}

/** One drop with its products' names and statuses, in the drop's order (the staff form shows them). */
export async function getDrop({ db, now, id }: { db: Database; now: Date; id: number }) {
  const [row] = await db.select().from(drops).where(eq(drops.id, id));
  if (!row) throw new AppError("not_found", `Drop ${id} not found`);
  const productIds = await productIdsOf(db, id);
  const named = productIds.length ? await db.select({ id: products.id, name: products.name, status: products.status }).from(products).where(inArray(products.id, productIds)) : [];
  return { ...dropStaffJson(row, productIds, now), products: productIds.map((pid) => named.find((p) => p.id === pid)!).filter(Boolean) };
}

/** The drop with this slug, archived or not (GET /admin/campaign sends staff to VSOP's page by it), or null. */
export async function dropIdBySlug({ db, slug }: { db: Database; slug: string }): Promise<number | null> {
  const [row] = await db.select({ id: drops.id }).from(drops).where(eq(drops.slug, slug));
  return row?.id ?? null;
}

const PICKER_LIMIT = 20;

/**
 * The product picker's search: any product, drafts included, by name or handle, with the live drops it is already in
 * (a product may be in a later drop too, as long as the windows don't overlap).
 */
export async function searchDropProducts({ db, q }: { db: Database; q: string }) {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db
    .select({ id: products.id, name: products.name, status: products.status, handle: products.handle })
    .from(products)
    .where(pattern ? or(ilike(products.name, pattern), ilike(products.handle, pattern)) : undefined)
    .orderBy(asc(products.name), asc(products.id))
    .limit(PICKER_LIMIT);
  if (rows.length === 0) return { products: [] };
  const inDrops = await db
    .select({ productId: dropProducts.productId, name: drops.name })
    .from(dropProducts)
    .innerJoin(drops, eq(drops.id, dropProducts.dropId))
    .where(and(inArray(dropProducts.productId, rows.map((r) => r.id)), isNull(drops.archivedAt)));
  return { products: rows.map((r) => ({ ...r, drops: inDrops.filter((d) => d.productId === r.id).map((d) => d.name) })) };
}
