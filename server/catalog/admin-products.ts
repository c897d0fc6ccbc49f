import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { recordAudit } from "../audit/audit-log";
import type { Database } from "../db/client";
import { pgErrorCode } from "../db/rows";
import { categories, productHandleRedirects, products, variants } from "../db/schema";
import { AppError } from "../errors";
import type { ProductChange, ProductFields } from "./admin-schemas";
import { handleFrom, skuFor } from "./handles";
import { productKeywords } from "./keywords";
import { refreshKeywords } from "./refresh-keywords";
import { checkPrices, refreshProductPrices } from "./product-prices";
import { requireTaxCategory } from "./tax-categories";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Actor = { actor: string; now?: () => Date };

/** The rows of a collection and subcategory slug: their ids for the product, their names for its search words. */
async function placeOf(tx: Tx, category: string, subcategory: string | null) {
  const [parent] = await tx.select({ id: categories.id, name: categories.name }).from(categories).where(and(eq(categories.slug, category), isNull(categories.parentId)));
  if (!parent) throw new AppError("bad_request", `Unknown collection '${category}'`);
  if (!subcategory) return { ids: { categoryId: parent.id, subcategoryId: null }, names: { category, collectionName: parent.name, subcategoryName: null } };
  const [sub] = await tx.select({ id: categories.id, name: categories.name }).from(categories).where(and(eq(categories.slug, subcategory), eq(categories.parentId, parent.id)));
  if (!sub) throw new AppError("bad_request", `Unknown subcategory '${subcategory}' in ${category}`);
  return { ids: { categoryId: parent.id, subcategoryId: sub.id }, names: { category, collectionName: parent.name, subcategoryName: sub.name } };
}

/** Refuses a handle another product uses; a handle only left behind by a rename is taken over (its redirect goes). */
async function claimHandle(tx: Tx, handle: string, productId: number | null) {
  const [owner] = await tx.select({ id: products.id }).from(products).where(eq(products.handle, handle));
  if (owner && owner.id !== productId) throw new AppError("conflict", `The handle '${handle}' is already used by product ${owner.id}`);
  await tx.delete(productHandleRedirects).where(eq(productHandleRedirects.handle, handle));
}

/** A free handle from a title: "classic-tee", else "classic-tee-2", "classic-tee-3"... */
async function freeHandle(tx: Tx, title: string): Promise<string> {
  const base = handleFrom(title);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const [taken] = await tx.select({ id: products.id }).from(products).where(eq(products.handle, candidate));
    if (!taken) return candidate;
  }
}

type Price = { priceCents: number; compareAtCents: number | null };

/** Adds a variant at `price` for every colour × size the product lacks (stock 0); the unique key skips existing ones. */
async function generateVariants(tx: Tx, productId: number, colors: string[], sizes: string[], price: Price) {
  const rows = colors.flatMap((color) => sizes.map((size) => ({ productId, color, size, sku: skuFor(productId, color, size), ...price, onHand: 0 })));
  await tx.insert(variants).values(rows).onConflictDoNothing({ target: [variants.productId, variants.color, variants.size] });
}

/** A product-wide price or compare-at (the editor's "every variant" fields) goes onto each of its variants. */
async function priceEveryVariant(tx: Tx, productId: number, change: Partial<Price>) {
  if (change.priceCents === undefined && change.compareAtCents === undefined) return;
  const [range] = await tx
    .select({ highest: sql<number | null>`max(${variants.priceCents})::int`, lowestCompareAt: sql<number | null>`min(${variants.compareAtCents})::int` })
    .from(variants)
    .where(eq(variants.productId, productId));
  checkPrices(change.priceCents ?? range?.highest ?? 0, change.compareAtCents !== undefined ? change.compareAtCents : (range?.lowestCompareAt ?? null));
  await tx.update(variants).set(change).where(eq(variants.productId, productId));
}

type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/** The product's staff-editable fields, as the audit log records them. */
async function snapshot(tx: Tx | Database, id: number) {
  const [row] = await tx
    .select({
      name: products.name,
      handle: products.handle,
      status: products.status,
      description: products.description,
      categoryId: products.categoryId,
      subcategoryId: products.subcategoryId,
      tags: products.tags,
      garment: products.garment,
      priceCents: products.priceCents,
      compareAtCents: products.compareAtCents,
      colors: products.colors,
      sizes: products.sizes,
      featured: products.featured,
      isNew: products.isNew,
      trending: products.trending,
      bestseller: products.bestseller,
      hot: products.hot,
      preorder: products.preorder,
      taxCategoryId: products.taxCategoryId,
    })
    .from(products)
    .where(eq(products.id, id));
  return row;
}

function changedOnly(before: Snapshot, after: Snapshot) {
  const keys = Object.keys(after!) as (keyof NonNullable<Snapshot>)[];
  const changed = keys.filter((k) => JSON.stringify(before![k]) !== JSON.stringify(after![k]));
  return { before: Object.fromEntries(changed.map((k) => [k, before![k]])), after: Object.fromEntries(changed.map((k) => [k, after![k]])), changed };
}

/** Creates a product (a draft unless told otherwise) with a variant for every colour × size, stock 0. */
export async function createProduct({ db, input, actor, now: clock = () => new Date() }: { db: Database; input: ProductFields } & Actor): Promise<{ id: number; handle: string }> {
  const now = clock();
  checkPrices(input.priceCents, input.compareAtCents);
  try {
    return await db.transaction(async (tx) => {
      const { ids, names } = await placeOf(tx, input.category, input.subcategory);
      await requireTaxCategory(tx, input.taxCategoryId);
      const handle = input.handle ?? (await freeHandle(tx, input.name));
      await claimHandle(tx, handle, null);
      const { category: _c, subcategory: _s, handle: _h, ...fields } = input;
      const [created] = await tx
        .insert(products)
        .values({ ...fields, ...ids, handle, keywords: productKeywords({ ...names, colors: input.colors, garment: input.garment, dropNames: [] }), createdAt: now, updatedAt: now })
        .returning({ id: products.id });
      await generateVariants(tx, created!.id, input.colors, input.sizes, { priceCents: input.priceCents, compareAtCents: input.compareAtCents });
      await recordAudit(tx, { actor, entity: "product", entityId: created!.id, productId: created!.id, action: "create", after: await snapshot(tx, created!.id) }, now);
      return { id: created!.id, handle };
    });
  } catch (error) {
    if (pgErrorCode(error) === "23505") throw new AppError("conflict", "That handle or SKU is already in use");
    throw error;
  }
}

/**
 * Changes some of a product's fields. A new handle leaves the old one as a redirect; new colours or sizes add their
 * variants (stock 0); a colour or size taken away removes its variants, unless an open checkout holds them or an
 * order has them (then 409 and nothing changes). Prices of orders already placed are kept on the orders.
 */
export async function updateProduct({ db, id, change, actor, now: clock = () => new Date() }: { db: Database; id: number; change: ProductChange } & Actor) {
  const now = clock();
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(products).where(eq(products.id, id)).for("update");
      if (!current) throw new AppError("not_found", `Product ${id} not found`);
      const before = await snapshot(tx, id);
      const category = change.category ?? (await slugOf(tx, current.categoryId))!;
      const subcategory = change.subcategory !== undefined ? change.subcategory : change.category ? null : await slugOf(tx, current.subcategoryId);
      const { ids } = await placeOf(tx, category, subcategory);
      await requireTaxCategory(tx, change.taxCategoryId);
      if (change.handle && change.handle !== current.handle) {
        await claimHandle(tx, change.handle, id);
        await tx.insert(productHandleRedirects).values({ handle: current.handle, productId: id }).onConflictDoUpdate({ target: productHandleRedirects.handle, set: { productId: id } });
      }
      const colors = change.colors ?? current.colors;
      const sizes = change.sizes ?? current.sizes;
      const { category: _c, subcategory: _s, priceCents, compareAtCents, ...fields } = change;
      await tx
        .update(products)
        .set({ ...fields, ...ids, updatedAt: now })
        .where(eq(products.id, id));
      // Its search words from its new fields and the drops it is in.
      await refreshKeywords({ db: tx, productIds: [id] });
      await priceEveryVariant(tx, id, { priceCents, compareAtCents });
      if (change.colors || change.sizes) {
        await removeVariantsOutside(tx, id, colors, sizes);
        // A new colour or size starts at the product's price (its cheapest variant's, or the one just set).
        await generateVariants(tx, id, colors, sizes, { priceCents: priceCents ?? current.priceCents, compareAtCents: compareAtCents !== undefined ? compareAtCents : current.compareAtCents });
      }
      await refreshProductPrices(tx, [id]);
      const diff = changedOnly(before, await snapshot(tx, id));
      if (diff.changed.length) await recordAudit(tx, { actor, entity: "product", entityId: id, productId: id, action: diff.changed.includes("status") ? `status:${change.status}` : "update", before: diff.before, after: diff.after }, now);
    });
  } catch (error) {
    if (pgErrorCode(error) === "23503") throw new AppError("conflict", "A colour or size you removed has orders: archive the product instead, or keep the option");
    if (pgErrorCode(error) === "23514") throw new AppError("bad_request", "The compare-at price must be above the price (it is the price before a sale)");
    if (pgErrorCode(error) === "23505") throw new AppError("conflict", "That handle or SKU is already in use");
    throw error;
  }
}

async function slugOf(tx: Tx, categoryId: number | null): Promise<string | null> {
  if (categoryId === null) return null;
  const [row] = await tx.select({ slug: categories.slug }).from(categories).where(eq(categories.id, categoryId));
  return row?.slug ?? null;
}

async function removeVariantsOutside(tx: Tx, productId: number, colors: string[], sizes: string[]) {
  const outside = sql`not (${variants.color} in (${sql.join(colors.map((c) => sql`${c}`), sql`, `)}) and ${variants.size} in (${sql.join(sizes.map((s) => sql`${s}`), sql`, `)}))`;
  const held = await tx.select({ sku: variants.sku }).from(variants).where(and(eq(variants.productId, productId), outside, ne(variants.reserved, 0)));
  if (held.length) throw new AppError("conflict", `Open checkouts hold ${held.map((h) => h.sku).join(", ")}: wait for them, or keep the option`);
  await tx.delete(variants).where(and(eq(variants.productId, productId), outside));
}

/** A draft copy: same fields and options, "(copy)" in the name, a free handle, variants at the same prices and weights with stock 0. */
export async function duplicateProduct({ db, id, actor, now: clock = () => new Date() }: { db: Database; id: number } & Actor): Promise<{ id: number; handle: string }> {
  const now = clock();
  return db.transaction(async (tx) => {
    const [source] = await tx.select().from(products).where(eq(products.id, id));
    if (!source) throw new AppError("not_found", `Product ${id} not found`);
    const { id: _id, searchVector: _sv, createdAt: _ca, updatedAt: _ua, rating: _r, reviewCount: _rc, ...fields } = source;
    const name = `${source.name} (copy)`;
    const handle = await freeHandle(tx, `${source.handle} copy`);
    const [created] = await tx.insert(products).values({ ...fields, name, handle, status: "draft", createdAt: now, updatedAt: now }).returning({ id: products.id });
    const sourceVariants = await tx.select({ color: variants.color, size: variants.size, priceCents: variants.priceCents, compareAtCents: variants.compareAtCents, weightGrams: variants.weightGrams }).from(variants).where(eq(variants.productId, id)).orderBy(variants.id);
    if (sourceVariants.length) await tx.insert(variants).values(sourceVariants.map((v) => ({ ...v, productId: created!.id, sku: skuFor(created!.id, v.color, v.size), onHand: 0 })));
    await recordAudit(tx, { actor, entity: "product", entityId: created!.id, productId: created!.id, action: `duplicate:${id}`, after: await snapshot(tx, created!.id) }, now);
    return { id: created!.id, handle };
  });
}

/** Removes one colour × size a generator made and staff do not sell; refused while held by a checkout or ordered. */
export async function deleteVariant({ db, variantId, actor, now: clock = () => new Date() }: { db: Database; variantId: number } & Actor): Promise<{ productId: number }> {
  const now = clock();
  try {
    return await db.transaction(async (tx) => {
      const [variant] = await tx.select().from(variants).where(eq(variants.id, variantId)).for("update");
      if (!variant) throw new AppError("not_found", `Variant ${variantId} not found`);
      if (variant.reserved > 0) throw new AppError("conflict", `Open checkouts hold ${variant.reserved} of ${variant.sku}`);
      await tx.delete(variants).where(eq(variants.id, variantId));
      await refreshProductPrices(tx, [variant.productId]);
      await recordAudit(tx, { actor, entity: "variant", entityId: variantId, productId: variant.productId, action: "delete", before: { sku: variant.sku, color: variant.color, size: variant.size, onHand: variant.onHand } }, now);
      return { productId: variant.productId };
    });
  } catch (error) {
    if (pgErrorCode(error) === "23503") throw new AppError("conflict", "This variant has orders, so it stays: set its stock to 0 instead");
    throw error;
  }
}

/** Product id for a /products/{handle} link: the current handle, or one a rename left behind. */
export async function productIdForHandle({ db, handle }: { db: Database; handle: string }): Promise<number | null> {
  const [current] = await db.select({ id: products.id }).from(products).where(eq(products.handle, handle));
  if (current) return current.id;
  const [old] = await db.select({ id: productHandleRedirects.productId }).from(productHandleRedirects).where(eq(productHandleRedirects.handle, handle));
  return old?.id ?? null;
}
