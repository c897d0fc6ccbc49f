import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { categories, dropProducts, drops, products } from "../db/schema";
import { defaultDropPage } from "../../shared/drop-page";
import { refreshKeywords } from "../catalog/refresh-keywords";

const DAY_MS = 86_400_000;
export { FIRST_DROP } from "../../shared/drops";
import { FIRST_DROP } from "../../shared/drops";

/**
 * A fresh install opens the VSOP drop at once (issue 6): pre-orders close in 30 days and ship 14 days after. Its pieces
 * are the products of the tech-casual collection (DESIGN §4). Does nothing when the drop exists.
 */
export async function seedDrops(db: Database, now: Date): Promise<void> {
  const closes = new Date(now.getTime() + 30 * DAY_MS);
  const [drop] = await db
    .insert(drops)
    .values({ slug: FIRST_DROP, name: "VSOP Premium Collection", announceAt: now, opensAt: now, preorderClosesAt: closes, shipsAt: new Date(closes.getTime() + 14 * DAY_MS), page: defaultDropPage() })
    .onConflictDoNothing()
    .returning({ id: drops.id });
  if (!drop) return;
  await db.insert(dropProducts).select(
    db
      .select({ dropId: sql<number>`${drop.id}`.as("drop_id"), productId: products.id, position: products.id })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(eq(categories.slug, "tech-casual"), isNull(categories.parentId))),
  );
  // Its pieces are found by its name (search words are stored per product).
  const pieces = await db.select({ id: dropProducts.productId }).from(dropProducts).where(eq(dropProducts.dropId, drop.id));
  await refreshKeywords({ db, productIds: pieces.map((p) => p.id) });
}
