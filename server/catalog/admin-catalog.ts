import { and, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import { recordAudit } from "../audit/audit-log";
import type { Database } from "../db/client";
import { categories, type ProductStatus, products, variants } from "../db/schema";
import { GARMENTS, type VariantChange } from "./admin-schemas";
import { AppError } from "../errors";
import { findProduct } from "./get-product";
import { toProductJson } from "./product-json";
import { checkPrices, refreshProductPrices } from "./product-prices";
import { selectProducts } from "./product-query";
import { listTaxCategories } from "./tax-categories";

const PAGE_SIZE = 100;

/** Staff product list with stock and status: by name or handle, collection and status; drafts and archived too. */
export async function listAdminProducts({ db, q, status, category, page = 1 }: { db: Database; q?: string; status?: ProductStatus; category?: string; page?: number }) {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    pattern ? or(ilike(products.name, pattern), ilike(products.handle, pattern)) : undefined,
    status ? eq(products.status, status) : undefined,
    category ? eq(products.categoryId, sql`(select id from categories where slug = ${category} and parent_id is null)`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectProducts(db).where(where).orderBy(asc(products.id)).limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { total: total?.n ?? 0, page, pageSize: PAGE_SIZE, products: rows.map((r) => ({ ...toProductJson(r), status: r.status, handle: r.handle })) };
}

/** One product, whatever its status, with its staff fields (tax category too) and each variant's stock and weight. */
export async function getAdminProduct({ db, id }: { db: Database; id: number }) {
  const product = await findProduct({ db, id, anyStatus: true });
  if (!product) throw new AppError("not_found", `Product ${id} not found`);
  const [[fields], stock] = await Promise.all([
    db.select({ status: products.status, handle: products.handle, tags: products.tags, garment: products.garment, priceCents: products.priceCents, compareAtCents: products.compareAtCents, taxCategoryId: products.taxCategoryId }).from(products).where(eq(products.id, id)),
    db.select({ id: variants.id, color: variants.color, size: variants.size, sku: variants.sku, barcode: variants.barcode, priceCents: variants.priceCents, compareAtCents: variants.compareAtCents, onHand: variants.onHand, reserved: variants.reserved, weightGrams: variants.weightGrams }).from(variants).where(eq(variants.productId, id)).orderBy(asc(variants.id)),
  ]);
  return { product: { ...product, ...fields! }, variants: stock };
}

const VARIANT_FIELDS = ["priceCents", "compareAtCents", "onHand", "sku", "barcode", "weightGrams"] as const;

/**
 * Changes a variant's price or compare-at price, units on hand (never below what open checkouts have reserved), SKU
 * (unique), barcode or weight in grams. Orders and started checkouts keep the price they were made at. Recorded in the
 * audit log as "stock" or "price" when only those changed, else "update".
 */
export async function updateVariant({ db, variantId, change, actor, now: clock = () => new Date() }: { db: Database; variantId: number; change: VariantChange; actor: string; now?: () => Date }) {
  const now = clock();
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ productId: variants.productId, priceCents: variants.priceCents, compareAtCents: variants.compareAtCents, onHand: variants.onHand, reserved: variants.reserved, sku: variants.sku, barcode: variants.barcode, weightGrams: variants.weightGrams })
        .from(variants)
        .where(eq(variants.id, variantId))
        .for("update");
      if (!existing) throw new AppError("not_found", `Variant ${variantId} not found`);
      if (change.onHand !== undefined && existing.reserved > change.onHand) throw new AppError("conflict", `Stock can't go below the ${existing.reserved} units reserved by open checkouts`);
      checkPrices(change.priceCents ?? existing.priceCents, change.compareAtCents !== undefined ? change.compareAtCents : existing.compareAtCents);
      const [updated] = await tx
        .update(variants)
        .set(change)
        .where(eq(variants.id, variantId))
        .returning({ id: variants.id, productId: variants.productId, sku: variants.sku, barcode: variants.barcode, priceCents: variants.priceCents, compareAtCents: variants.compareAtCents, onHand: variants.onHand, reserved: variants.reserved, weightGrams: variants.weightGrams });
      const fields = VARIANT_FIELDS.filter((k) => change[k] !== undefined && change[k] !== existing[k]);
      if (fields.some((k) => k === "priceCents" || k === "compareAtCents")) {
        await refreshProductPrices(tx, [existing.productId]);
        await tx.update(products).set({ updatedAt: now }).where(eq(products.id, existing.productId));
      }
      if (fields.length) {
        const pick = (v: typeof existing | typeof updated) => Object.fromEntries(fields.map((k) => [k, v![k]]));
        const action = fields.every((k) => k === "onHand") ? "stock" : fields.every((k) => k === "priceCents" || k === "compareAtCents") ? "price" : "update";
        await recordAudit(tx, { actor, entity: "variant", entityId: variantId, productId: existing.productId, action, before: { sku: existing.sku, ...pick(existing) }, after: { sku: updated!.sku, ...pick(updated) } }, now);
      }
      return updated!;
    });
  } catch (error) {
    if ((error as { code?: string; cause?: { code?: string } }).code === "23505" || (error as { cause?: { code?: string } }).cause?.code === "23505") throw new AppError("conflict", `SKU ${change.sku} is already used by another variant`);
    throw error;
  }
}

/** What the product editor offers: the collections and their subcategories, the tax categories and illustration kinds. */
export async function productFormOptions({ db }: { db: Database }) {
  const [rows, taxCategories] = await Promise.all([
    db.select({ id: categories.id, slug: categories.slug, name: categories.name, parentId: categories.parentId }).from(categories).orderBy(asc(categories.position), asc(categories.id)),
    listTaxCategories({ db }),
  ]);
  const collections = rows
    .filter((r) => r.parentId === null)
    .map((c) => ({ slug: c.slug, name: c.name, subcategories: rows.filter((s) => s.parentId === c.id).map((s) => ({ slug: s.slug, name: s.name })) }));
  return { collections, taxCategories, garments: [...GARMENTS] };
}
