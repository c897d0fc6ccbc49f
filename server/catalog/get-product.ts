import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { products, variants } from "../db/schema";
import { AppError } from "../errors";
import { productImageUrl } from "./images/image-url";
import { toDollars, toProductJson } from "./product-json";
import { isActive, selectProducts } from "./product-query";
import { photoJpeg } from "../../shared/photo-urls";
import { listPhotos } from "./product-photos";
import type { Photo, ProductDetail } from "./product-types";

/**
 * One product with the availability of each colour × size; not_found when there is no such product or it is not on
 * sale (draft or archived). Staff previews and the staff area ask for `anyStatus`.
 */
export async function getProduct({ db, id, anyStatus = false }: { db: Database; id: number; anyStatus?: boolean }): Promise<ProductDetail> {
  const [[row], variantRows] = await Promise.all([
    selectProducts(db).where(anyStatus ? eq(products.id, id) : and(eq(products.id, id), isActive)),
    db
      .select({
        id: variants.id,
        color: variants.color,
        size: variants.size,
        sku: variants.sku,
        priceCents: variants.priceCents,
        compareAtCents: variants.compareAtCents,
        available: availableSql,
      })
      .from(variants)
      .where(eq(variants.productId, id))
      .orderBy(asc(variants.id)),
  ]);
  if (!row) throw new AppError("not_found", `Product ${id} not found`);
  const photos: Photo[] = (await listPhotos(db, id)).map(({ key, alt, color, width, height, widths }) => ({ key, alt, color, width, height, widths }));
  // Each colour-way: its own photos and those for every colour; without photos, the front and back drawings.
  const colorImages = Object.fromEntries(
    row.colors.map((c) => {
      const own = photos.filter((p) => p.color === null || p.color === c);
      return [c, own.length ? own.map((p) => photoJpeg(p)) : [productImageUrl(row.garment, c, "front"), productImageUrl(row.garment, c, "back")]];
    }),
  );
  const json = toProductJson(row);
  const variantsJson = variantRows.map(({ priceCents, compareAtCents, ...v }) => ({ ...v, price: toDollars(priceCents), compareAtPrice: compareAtCents === null ? null : toDollars(compareAtCents) }));
  return { ...json, images: photos.length ? photos.map((p) => photoJpeg(p)) : json.images, variants: variantsJson, colorImages, photos, giftCard: row.giftCard };
}

/** Units available to sell of a variant: on hand less reserved (DESIGN §4). */
const availableSql = sql<number>`${variants.onHand} - ${variants.reserved}`;

/** Each variant's units available to sell and stock version, by variant id: all a sale changes of a product (decisions 0041, 0043). */
export async function variantStock({ db, id }: { db: Database; id: number }): Promise<Map<number, { available: number; version: number }>> {
  const rows = await db.select({ id: variants.id, available: availableSql, version: variants.stockVersion }).from(variants).where(eq(variants.productId, id));
  return new Map(rows.map((r) => [r.id, { available: Number(r.available), version: r.version }]));
}

/** For pages: the product, or null when there is none. */
export async function findProduct({ db, id, anyStatus = false }: { db: Database; id: number; anyStatus?: boolean }): Promise<ProductDetail | null> {
  try {
    return await getProduct({ db, id, anyStatus });
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return null;
    throw error;
  }
}
