import { and, asc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { recordAudit } from "../audit/audit-log";
import type { Database } from "../db/client";
import { products, variants } from "../db/schema";
import { AppError } from "../errors";
import type { BulkEdit } from "./admin-schemas";

const GRID_LIMIT = 200;

/** The bulk editor's grid: products (by name, handle or SKU, and collection) with price, compare-at and each variant's stock. */
export async function bulkEditGrid({ db, q, category }: { db: Database; q?: string; category?: string }) {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db
    .select({ id: products.id, name: products.name, status: products.status, priceCents: products.priceCents, compareAtCents: products.compareAtCents })
    .from(products)
    .where(
      and(
        pattern ? or(ilike(products.name, pattern), ilike(products.handle, pattern), sql`exists (select 1 from variants v where v.product_id = ${products.id} and v.sku ilike ${pattern})`) : undefined,
        category ? eq(products.categoryId, sql`(select id from categories where slug = ${category} and parent_id is null)`) : undefined,
      ),
    )
    .orderBy(asc(products.id))
    .limit(GRID_LIMIT + 1);
  const shown = rows.slice(0, GRID_LIMIT);
  const stock = shown.length
    ? await db.select({ id: variants.id, productId: variants.productId, sku: variants.sku, color: variants.color, size: variants.size, onHand: variants.onHand, reserved: variants.reserved }).from(variants).where(inArray(variants.productId, shown.map((p) => p.id))).orderBy(asc(variants.id))
    : [];
  return { products: shown.map((p) => ({ ...p, variants: stock.filter((v) => v.productId === p.id) })), more: rows.length > GRID_LIMIT };
}

export interface BulkRowError {
  kind: "product" | "variant";
  id: number;
  field: string;
  message: string;
}

/**
 * Saves many prices and stock levels at once, all or nothing: every row is checked first (under row locks), and if any
 * is wrong nothing is written and the answer lists each wrong row. Each change is audited.
 */
export async function applyBulkEdit({ db, edit, actor, now = new Date() }: { db: Database; edit: BulkEdit; actor: string; now?: Date }) {
  return db.transaction(async (tx) => {
    const errors: BulkRowError[] = [];
    const productIds = edit.products.map((p) => p.id);
    const variantIds = edit.variants.map((v) => v.id);
    const currentProducts = productIds.length ? await tx.select({ id: products.id, priceCents: products.priceCents, compareAtCents: products.compareAtCents }).from(products).where(inArray(products.id, productIds)).orderBy(asc(products.id)).for("update") : [];
    const currentVariants = variantIds.length ? await tx.select({ id: variants.id, productId: variants.productId, sku: variants.sku, onHand: variants.onHand, reserved: variants.reserved }).from(variants).where(inArray(variants.id, variantIds)).orderBy(asc(variants.id)).for("update") : [];

    const productChanges = edit.products.flatMap((row) => {
      const current = currentProducts.find((p) => p.id === row.id);
      if (!current) return errors.push({ kind: "product", id: row.id, field: "id", message: `Product ${row.id} not found` }), [];
      const price = row.priceCents ?? current.priceCents;
      const compareAt = row.compareAtCents !== undefined ? row.compareAtCents : current.compareAtCents;
      if (compareAt !== null && compareAt <= price) return errors.push({ kind: "product", id: row.id, field: "compareAtCents", message: "The compare-at price must be above the price" }), [];
      return [{ current, price, compareAt }];
    });
    const variantChanges = edit.variants.flatMap((row) => {
      const current = currentVariants.find((v) => v.id === row.id);
      if (!current) return errors.push({ kind: "variant", id: row.id, field: "id", message: `Variant ${row.id} not found` }), [];
      if (row.onHand < current.reserved) return errors.push({ kind: "variant", id: row.id, field: "onHand", message: `Can't go below the ${current.reserved} units reserved by open checkouts` }), [];
      return [{ current, onHand: row.onHand }];
    });
    if (errors.length) throw new AppError("bad_request", `${errors.length} ${errors.length === 1 ? "row has an error" : "rows have errors"}; nothing was saved`, { errors });

    let saved = 0;
    for (const { current, price, compareAt } of productChanges) {
      if (price === current.priceCents && compareAt === current.compareAtCents) continue;
      await tx.update(products).set({ priceCents: price, compareAtCents: compareAt, updatedAt: now }).where(eq(products.id, current.id));
      const before = { priceCents: current.priceCents, compareAtCents: current.compareAtCents };
      await recordAudit(tx, { actor, entity: "product", entityId: current.id, productId: current.id, action: "bulk-price", before, after: { priceCents: price, compareAtCents: compareAt } }, now);
      saved++;
    }
    for (const { current, onHand } of variantChanges) {
      if (onHand === current.onHand) continue;
      await tx.update(variants).set({ onHand }).where(eq(variants.id, current.id));
      await recordAudit(tx, { actor, entity: "variant", entityId: current.id, productId: current.productId, action: "bulk-stock", before: { sku: current.sku, onHand: current.onHand }, after: { sku: current.sku, onHand } }, now);
      saved++;
    }
    return { saved };
  });
}
