import { type SQL, and, asc, eq, gt, sql } from "drizzle-orm";
import { recordAudit } from "../audit/audit-log";
import type { Database } from "../db/client";
import { productImages, products } from "../db/schema";
import { AppError } from "../errors";
import type { MediaStore } from "../media/media-store";

type Actor = { actor: string; now?: () => Date };

/** A product's photos in display order, as the storefront and the editor read them. */
export async function listPhotos(db: Database, productId: number) {
  return db.select({ id: productImages.id, key: productImages.fileKey, alt: productImages.alt, color: productImages.color, width: productImages.width, height: productImages.height, widths: productImages.widths, position: productImages.position }).from(productImages).where(eq(productImages.productId, productId)).orderBy(asc(productImages.position), asc(productImages.id));
}

function checkColor(colors: string[], color: string | null | undefined): string | null {
  if (!color) return null;
  const match = colors.find((c) => c.toLowerCase() === color.toLowerCase());
  if (!match) throw new AppError("bad_request", `Colour '${color}' is not one of this product's: ${colors.join(", ")}`);
  return match;
}

/** Stores an uploaded photo (checked by decoding it), makes its derivatives and adds it after the product's others. */
export async function addPhoto({ db, media, productId, file, alt, color, actor, now: clock = () => new Date() }: { db: Database; media: MediaStore; productId: number; file: Buffer; alt?: string; color?: string } & Actor) {
  const now = clock();
  const [product] = await db.select({ name: products.name, colors: products.colors }).from(products).where(eq(products.id, productId));
  if (!product) throw new AppError("not_found", `Product ${productId} not found`);
  const chosen = checkColor(product.colors, color);
  const stored = await media.save(file);
  // Alt text is required: without one it says what the photo shows, the product and its colour.
  const text = alt?.trim() || `${product.name}${chosen ?? (product.colors.length === 1 ? product.colors[0] : null) ? `, ${chosen ?? product.colors[0]}` : ""}`;
  return db.transaction(async (tx) => {
    const [{ next }] = (await tx.select({ next: sql<number>`coalesce(max(${productImages.position}), 0) + 1` }).from(productImages).where(eq(productImages.productId, productId))) as [{ next: number }];
    const [row] = await tx.insert(productImages).values({ productId, position: Number(next), color: chosen, alt: text, fileKey: stored.key, width: stored.width, height: stored.height, widths: stored.widths, createdAt: now }).returning();
    await tx.update(products).set({ updatedAt: now }).where(eq(products.id, productId));
    await recordAudit(tx, { actor, entity: "product", entityId: productId, productId, action: "photo-add", after: { photo: row!.id, alt: text, color: chosen } }, now);
    return row!;
  });
}

/** Changes a photo's alt text or colour, or moves it to another place in the order. */
export async function updatePhoto({ db, photoId, change, actor, now: clock = () => new Date() }: { db: Database; photoId: number; change: { alt?: string; color?: string | null; position?: number } } & Actor) {
  const now = clock();
  return db.transaction(async (tx) => {
    const [photo] = await tx.select().from(productImages).where(eq(productImages.id, photoId)).for("update");
    if (!photo) throw new AppError("not_found", `Photo ${photoId} not found`);
    const [product] = await tx.select({ colors: products.colors }).from(products).where(eq(products.id, photo.productId));
    const set: Partial<typeof productImages.$inferInsert> = {};
    if (change.alt !== undefined) set.alt = change.alt;
    if (change.color !== undefined) set.color = checkColor(product!.colors, change.color);
    if (change.position !== undefined) {
      // Renumber the product's photos with this one at the asked place (1-based; past the end means last).
      const others = (await tx.select({ id: productImages.id }).from(productImages).where(eq(productImages.productId, photo.productId)).orderBy(asc(productImages.position), asc(productImages.id))).filter((p) => p.id !== photoId);
      others.splice(Math.min(change.position, others.length + 1) - 1, 0, { id: photoId });
      for (const [i, p] of others.entries()) await tx.update(productImages).set({ position: i + 1 }).where(eq(productImages.id, p.id));
    }
    if (Object.keys(set).length) await tx.update(productImages).set(set).where(eq(productImages.id, photoId));
    await tx.update(products).set({ updatedAt: now }).where(eq(products.id, photo.productId));
    await recordAudit(tx, { actor, entity: "product", entityId: photo.productId, productId: photo.productId, action: "photo-edit", before: { photo: photoId, alt: photo.alt, color: photo.color, position: photo.position }, after: { photo: photoId, ...change } }, now);
    return { productId: photo.productId };
  });
}

/** Takes a photo off the product (its files stay: another product may use the same bytes, and URLs are immutable). */
export async function deletePhoto({ db, photoId, actor, now: clock = () => new Date() }: { db: Database; photoId: number } & Actor) {
  const now = clock();
  return db.transaction(async (tx) => {
    const [photo] = await tx.delete(productImages).where(eq(productImages.id, photoId)).returning();
    if (!photo) throw new AppError("not_found", `Photo ${photoId} not found`);
    await tx.update(productImages).set({ position: sql`${productImages.position} - 1` }).where(and(eq(productImages.productId, photo.productId), gt(productImages.position, photo.position)));
    await tx.update(products).set({ updatedAt: now }).where(eq(products.id, photo.productId));
    await recordAudit(tx, { actor, entity: "product", entityId: photo.productId, productId: photo.productId, action: "photo-delete", before: { photo: photoId, alt: photo.alt, color: photo.color } }, now);
    return { productId: photo.productId };
  });
}

/**
 * SQL for the first staff photo of a product in a colour (its own colour's first, else the first for every colour), as
 * `{key, widths}` JSON or null: cart lines, order lines and the feed show it instead of the drawing.
 */
export const firstPhotoSql = (productId: SQL, color: SQL) =>
  sql`(select json_build_object('key', i.file_key, 'widths', i.widths) from product_images i where i.product_id = ${productId} and (i.color is null or i.color = ${color}) order by (i.color is null), i.position limit 1)`;
