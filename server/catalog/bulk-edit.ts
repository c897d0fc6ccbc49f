import { and, asc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { recordAudit } from "../audit/audit-log";
import type { Database } from "../db/client";
import { products, variants } from "../db/schema";
import { AppError } from "../errors";
import { refreshProductPrices } from "./product-prices";
import type { BulkEdit } from "./admin-schemas";

const GRID_LIMIT = 200;

/** The bulk editor's grid: products (by name, handle or SKU, and collection), each with its variants' prices, stock and weight. */
export async function bulkEditGrid({ db, q, category }: { db: Database; q?: string; category?: string }) {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db
    .select({ id: products.id, name: products.name, status: products.status })
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
  const rowsOfVariants = shown.length
    ? await db
        .select({ id: variants.id, productId: variants.productId, sku: variants.sku, color: variants.color, size: variants.size, priceCents: variants.priceCents, compareAtCents: variants.compareAtCents, onHand: variants.onHand, reserved: variants.reserved, weightGrams: variants.weightGrams })
        .from(variants)
        .where(inArray(variants.productId, shown.map((p) => p.id)))
        .orderBy(asc(variants.id))
    : [];
  return { products: shown.map((p) => ({ ...p, variants: rowsOfVariants.filter((v) => v.productId === p.id) })), more: rows.length > GRID_LIMIT };
}

export interface BulkRowError {
  id: number;
  field: string;
  message: string;
}

/**
 * Saves many variants' prices, stock levels and weights at once, all or nothing: every row is checked first (under row locks),
 * and if any is wrong nothing is written and the answer lists each wrong row. Each changed variant is audited, and its
 * product's "from" price follows.
 */
export async function applyBulkEdit({ db, edit, actor, now: clock = () => new Date() }: { db: Database; edit: BulkEdit; actor: string; now?: () => Date }) {
  const now = clock();
  return db.transaction(async (tx) => {
    const errors: BulkRowError[] = [];
    const ids = edit.variants.map((v) => v.id);
    const current = await tx
      .select({ id: variants.id, productId: variants.productId, sku: variants.sku, priceCents: variants.priceCents, compareAtCents: variants.compareAtCents, onHand: variants.onHand, reserved: variants.reserved, weightGrams: variants.weightGrams })
      .from(variants)
      .where(inArray(variants.id, ids))
      .orderBy(asc(variants.id))
      .for("update");

    const changes = edit.variants.flatMap((row) => {
      const before = current.find((v) => v.id === row.id);
      if (!before) return errors.push({ id: row.id, field: "id", message: `Variant ${row.id} not found` }), [];
      const after = { priceCents: row.priceCents ?? before.priceCents, compareAtCents: row.compareAtCents !== undefined ? row.compareAtCents : before.compareAtCents, onHand: row.onHand ?? before.onHand, weightGrams: row.weightGrams !== undefined ? row.weightGrams : before.weightGrams };
      if (after.compareAtCents !== null && after.compareAtCents <= after.priceCents) return errors.push({ id: row.id, field: "compareAtCents", message: `${before.sku}: the compare-at price must be above the price` }), [];
      if (after.onHand < before.reserved) return errors.push({ id: row.id, field: "onHand", message: `${before.sku}: can't go below the ${before.reserved} units reserved by open checkouts` }), [];
      const fields = (["priceCents", "compareAtCents", "onHand", "weightGrams"] as const).filter((k) => after[k] !== before[k]);
      return fields.length ? [{ before, after, fields }] : [];
    });
    if (errors.length) throw new AppError("bad_request", `${errors.length} ${errors.length === 1 ? "row has an error" : "rows have errors"}; nothing was saved`, { errors });

    for (const { before, after, fields } of changes) {
      await tx.update(variants).set(after).where(eq(variants.id, before.id));
      const pick = (v: typeof after) => Object.fromEntries(fields.map((k) => [k, v[k]]));
      const priceOnly = fields.every((k) => k === "priceCents" || k === "compareAtCents");
      const action = fields.every((k) => k === "onHand") ? "bulk-stock" : priceOnly ? "bulk-price" : fields.every((k) => k === "weightGrams") ? "bulk-weight" : "bulk-edit";
      await recordAudit(tx, { actor, entity: "variant", entityId: before.id, productId: before.productId, action, before: { sku: before.sku, ...pick(before) }, after: { sku: before.sku, ...pick(after) } }, now);
    }
    const repriced = [...new Set(changes.filter((c) => c.fields.some((k) => k === "priceCents" || k === "compareAtCents")).map((c) => c.before.productId))];
    await refreshProductPrices(tx, repriced);
    if (repriced.length) await tx.update(products).set({ updatedAt: now }).where(inArray(products.id, repriced));
    return { saved: changes.length };
  });
}
