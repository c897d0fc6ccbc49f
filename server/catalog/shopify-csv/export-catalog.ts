import { stringify } from "csv-stringify/sync";
import { asc, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { categories, productImages, products, variants } from "../../db/schema";
import { photoJpeg } from "../../../shared/photo-urls";
import { EXPORT_HEADERS } from "./columns";
import { textToHtml } from "./html-text";

const BATCH = 500;

/**
 * The whole catalogue as a Shopify product CSV (classic headers plus the vsop metafields), one row per variant,
 * product cells on each product's first row, then a row for each photo past the variant rows (Shopify's image rows).
 * Photos are the store's own JPEG addresses, and a colour's first photo is its variants' Variant Image. Importing the
 * file into an empty store gives the same catalogue.
 */
export async function exportCatalog({ db, storeUrl, vendor }: { db: Database; storeUrl: string; vendor: string }): Promise<string> {
  const absolute = (path: string) => new URL(path, storeUrl).toString();
  const cats = await db.select({ id: categories.id, slug: categories.slug, name: categories.name }).from(categories);
  const slugOf = (id: number | null) => cats.find((c) => c.id === id)?.slug ?? "";
  const nameOf = (id: number | null) => cats.find((c) => c.id === id)?.name ?? "";
  const out: string[][] = [EXPORT_HEADERS];
  for (let offset = 0; ; offset += BATCH) {
    const batch = await db.select().from(products).orderBy(asc(products.id)).limit(BATCH).offset(offset);
    if (batch.length === 0) break;
    const ids = batch.map((p) => p.id);
    const [stock, images] = await Promise.all([
      db.select().from(variants).where(inArray(variants.productId, ids)).orderBy(asc(variants.id)),
      db.select().from(productImages).where(inArray(productImages.productId, ids)).orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id)),
    ]);
    for (const p of batch) {
      const photos = images.filter((i) => i.productId === p.id).map((i) => ({ ...i, src: absolute(photoJpeg({ ...i, key: i.fileKey }, 2000)) }));
      const productVariants = stock.filter((v) => v.productId === p.id);
      const badges = [p.isNew && "new", p.featured && "featured", p.trending && "trending", p.bestseller && "bestseller", p.hot && "hot", p.preorder && "preorder"].filter(Boolean).join(", ");
      const rows = Math.max(productVariants.length, photos.length);
      for (let i = 0; i < rows; i++) {
        const v = productVariants[i];
        const photo = photos[i];
        const first = i === 0;
        const imageCells = photo ? [photo.src, String(i + 1), photo.alt] : ["", "", ""];
        if (!v) {
          out.push([p.handle, ...Array(EXPORT_HEADERS.indexOf("Image Src") - 1).fill(""), ...imageCells, ...Array(EXPORT_HEADERS.length - EXPORT_HEADERS.indexOf("Image Alt Text") - 1).fill("")]);
          continue;
        }
        const variantImage = photos.find((ph) => ph.color === v.color)?.src ?? "";
        out.push([
            p.handle,
            first ? p.name : "",
            first ? textToHtml(p.description) : "",
            first ? vendor : "",
            first ? nameOf(p.subcategoryId) || nameOf(p.categoryId) : "",
            first ? p.tags.join(", ") : "",
            first ? String(p.status === "active").toUpperCase() : "",
            first ? "Color" : "",
            v.color,
            first ? "Size" : "",
            v.size,
            v.sku,
            v.weightGrams === null ? "" : String(v.weightGrams),
            v.barcode ?? "",
            String(v.onHand),
            (v.priceCents / 100).toFixed(2),
            v.compareAtCents === null ? "" : (v.compareAtCents / 100).toFixed(2),
            ...imageCells,
            variantImage,
            first ? p.status : "",
            first ? slugOf(p.categoryId) : "",
            first ? slugOf(p.subcategoryId) : "",
            first ? p.garment : "",
            first ? badges : "",
          ]);
      }
    }
  }
  return stringify(out);
}
