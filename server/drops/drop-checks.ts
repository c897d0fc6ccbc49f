import { and, asc, eq, gt, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { dropProducts, drops, products } from "../db/schema";
import { AppError } from "../errors";

type Reader = Pick<Database, "select" | "execute">;

/** Staff changes to drops take turns, so two saves can't both find a product free and both put it in. */
export const lockDrops = (tx: Pick<Database, "execute">) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('drops'))`);

/** Every product named must exist (drafts too: a drop may announce pieces not yet on sale); else a 400 naming it. */
export async function assertProductsExist(tx: Reader, ids: number[]) {
  const found = new Set((await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids))).map((p) => p.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw new AppError("bad_request", `Invalid drop: productIds: there is no product ${missing.join(", ")}`);
}

/** The slug is the drop's address (/drops/{slug}); archived drops keep theirs, so it stays taken. */
export async function assertSlugFree(tx: Reader, slug: string, self: number | null) {
  const [other] = await tx
    .select({ name: drops.name })
    .from(drops)
    .where(and(eq(drops.slug, slug), self === null ? undefined : ne(drops.id, self)));
  if (other) throw new AppError("conflict", `The address /drops/${slug} is taken by the drop ${other.name}: choose another slug`);
}

/**
 * A product is in at most one live drop at a time: another drop not archived that holds it, and whose window
 * [announceAt, preorderClosesAt) overlaps this one's, is a 409 naming both (shared/drops.ts `currentDrop` relies on it).
 */
export async function assertNoOverlap(tx: Reader, drop: { id: number | null; productIds: number[]; announceAt: Date; preorderClosesAt: Date }) {
  if (drop.productIds.length === 0) return;
  const [clash] = await tx
    .select({ product: products.name, name: drops.name, slug: drops.slug })
    .from(dropProducts)
    .innerJoin(drops, eq(drops.id, dropProducts.dropId))
    .innerJoin(products, eq(products.id, dropProducts.productId))
    .where(
      and(
        inArray(dropProducts.productId, drop.productIds),
        isNull(drops.archivedAt),
        drop.id === null ? undefined : ne(drops.id, drop.id),
        lt(drops.announceAt, drop.preorderClosesAt),
        gt(drops.preorderClosesAt, drop.announceAt),
      ),
    )
    .orderBy(asc(drops.announceAt), asc(products.id))
    .limit(1);
  if (clash) throw new AppError("conflict", `${clash.product} is already in the drop ${clash.name} (${clash.slug}) at that time`);
}

/**
 * A drop whose pieces were bought (paid) or are being paid for (stock held) since it was announced can't be deleted:
 * its report would go with it. Archiving keeps it.
 */
export async function assertNoOrders(tx: Reader, drop: { id: number; announceAt: Date }) {
  const [held] = rowsOf<{ one: number }>(
    await tx.execute(sql`
      select 1 as one from order_items oi join orders o on o.id = oi.order_id
      where oi.product_id in (select product_id from drop_products where drop_id = ${drop.id})
        and o.created_at >= ${drop.announceAt.toISOString()}::timestamptz
        and (o.paid_at is not null or o.stock_state = 'committed' or (o.status = 'pending' and o.stock_state = 'held'))
      limit 1`),
  );
  if (held) throw new AppError("conflict", "This drop has orders; archive it instead");
}
