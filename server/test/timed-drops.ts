import { and, eq, notInArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { dropProducts, drops, products } from "../db/schema";

const DAY_MS = 86_400_000;

/** `count` active products that are in no drop yet, lowest id first after `after` (each test takes its own). */
export async function freeProducts(db: Database, count: number, after = 3): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.status, "active"), sql`${products.id} > ${after}`, notInArray(products.id, db.select({ id: dropProducts.productId }).from(dropProducts))))
    .orderBy(products.id)
    .limit(count);
  return rows.map((r) => r.id);
}

/**
 * A drop made through the database, as staff would make it (the caller publishes the change): announced an hour
 * before `opensAt` unless told, closing 30 days after it.
 */
export async function insertDrop(db: Database, { slug, opensAt, announceAt = new Date(opensAt.getTime() - 3_600_000), productIds }: { slug: string; opensAt: Date; announceAt?: Date; productIds: number[] }) {
  const closes = new Date(opensAt.getTime() + 30 * DAY_MS);
  const [drop] = await db
    .insert(drops)
    .values({ slug, name: `Drop ${slug}`, announceAt, opensAt, preorderClosesAt: closes, shipsAt: new Date(closes.getTime() + 14 * DAY_MS) })
    .returning({ id: drops.id });
  await db.insert(dropProducts).values(productIds.map((productId, position) => ({ dropId: drop!.id, productId, position })));
  return drop!.id;
}
