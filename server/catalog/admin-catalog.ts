import { asc, count, eq, ilike } from "drizzle-orm";
import { recordAudit } from "../audit/audit-log";
import type { Database } from "../db/client";
import { products, variants } from "../db/schema";
import { AppError } from "../errors";
import { findProduct } from "./get-product";
import { toProductJson } from "./product-json";
import { selectProducts } from "./product-query";

const PAGE_SIZE = 100;

/** Staff product list with stock, by name. */
export async function listAdminProducts({ db, q, page = 1 }: { db: Database; q?: string; page?: number }) {
  const where = q ? ilike(products.name, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
  const [rows, [total]] = await Promise.all([
    selectProducts(db).where(where).orderBy(asc(products.id)).limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { total: total?.n ?? 0, page, pageSize: PAGE_SIZE, products: rows.map(toProductJson) };
}

/** One product with each variant's on-hand and reserved units, for the stock editor. */
export async function getAdminProduct({ db, id }: { db: Database; id: number }) {
  const product = await findProduct({ db, id });
  if (!product) throw new AppError("not_found", `Product ${id} not found`);
  const stock = await db.select({ id: variants.id, color: variants.color, size: variants.size, sku: variants.sku, onHand: variants.onHand, reserved: variants.reserved }).from(variants).where(eq(variants.productId, id)).orderBy(asc(variants.id));
  return { product, variants: stock };
}

/** Sets a variant's units on hand; never below what open checkouts have reserved. Recorded in the audit log. */
export async function setVariantStock({ db, variantId, onHand, actor, now = new Date() }: { db: Database; variantId: number; onHand: number; actor: string; now?: Date }) {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ productId: variants.productId, onHand: variants.onHand, reserved: variants.reserved, sku: variants.sku }).from(variants).where(eq(variants.id, variantId)).for("update");
    if (!existing) throw new AppError("not_found", `Variant ${variantId} not found`);
    if (existing.reserved > onHand) throw new AppError("conflict", `Stock can't go below the ${existing.reserved} units reserved by open checkouts`);
    const [updated] = await tx.update(variants).set({ onHand }).where(eq(variants.id, variantId)).returning({ id: variants.id, productId: variants.productId, onHand: variants.onHand, reserved: variants.reserved });
    if (existing.onHand !== onHand) {
      await recordAudit(tx, { actor, entity: "variant", entityId: variantId, productId: existing.productId, action: "stock", before: { sku: existing.sku, onHand: existing.onHand }, after: { sku: existing.sku, onHand } }, now);
    }
    return updated!;
  });
}
