import { and, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { products } from "../db/schema";
import { toProductJson } from "../catalog/product-json";
import { isActive, selectProducts } from "../catalog/product-query";
import type { Product } from "../catalog/product-types";
import { currentDrop, dropPhase, dropShown } from "../../shared/drops";
export { dropPath } from "../../shared/drops";
import type { DropIndex, IndexedDrop } from "./drop-index";

/**
 * The drop the storefront features at `now` (the home page's drop sections): of the drops shown (announced or later,
 * not archived), the one whose window holds now, else the last one that closed (shared/drops.ts currentDrop). A drop
 * still scheduled is never shown before its announcement. With its products on sale, in the drop's order.
 */
export async function readFeaturedDrop({ db, index, now: clock }: { db: Database; index: Pick<DropIndex, "list">; now: () => Date }): Promise<{ drop: IndexedDrop; products: Product[] } | null> {
  const now = clock();
  const shown = (await index.list()).filter((d) => dropShown(dropPhase(d, now)));
  const drop = currentDrop(shown, now);
  if (!drop) return null;
  if (drop.productIds.length === 0) return { drop, products: [] };
  const rows = await selectProducts(db).where(and(isActive, inArray(products.id, drop.productIds)));
  const byId = new Map(rows.map((row) => [row.id, toProductJson(row)]));
  return { drop, products: drop.productIds.flatMap((id) => byId.get(id) ?? []) };
}
