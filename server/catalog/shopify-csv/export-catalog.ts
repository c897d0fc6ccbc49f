import { stringify } from "csv-stringify/sync";
import { asc, gt, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { categories, productImages, products, variants } from "../../db/schema";
import { photoJpeg } from "../../../shared/photo-urls";
import { EXPORT_HEADERS } from "./columns";
import { textToHtml } from "./html-text";

/** Products per batch: one batch's rows are built and written between two database reads (issue 32: no long stall). */
const BATCH = 20;

/**
 * The whole catalogue as a Shopify product CSV (classic headers plus the vsop metafields), one row per variant,
 * product cells on each product's first row, then a row for each photo past the variant rows (Shopify's image rows).
 * Photos are the store's own JPEG addresses, and a colour's first photo is its variants' Variant Image. Importing the
 * file into an empty store gives the same catalogue.
 *
 * It comes as chunks of CSV text, a batch of products at a time read by keyset (not offset), so a large catalogue
 * streams to the download without holding the whole file or the event loop (server/http/csv-download.ts).
 */
export async function* exportCatalog({ db, storeUrl, vendor }: { db: Database; storeUrl: string; vendor: string }): AsyncGenerator<string> {
  const absolute = (path: string) => new URL(path, storeUrl).toString();
  const cats = await db.select({ id: categories.id, slug: categories.slug, name: categories.name }).from(categories);
  const slugOf = (id: number | null) => cats.find((c) => c.id === id)?.slug ?? "";
  const nameOf = (id: number | null) => cats.find((c) => c.id === id)?.name ?? "";
  yield stringify([EXPORT_HEADERS]);
  for (let after = 0; ; ) {
    const batch = await db.select().from(products).where(gt(products.id, after)).orderBy(asc(products.id)).limit(BATCH);
    if (batch.length === 0) break;
    after = batch.at(-1)!.id;
    const out: string[][] = [];
    const ids = batch.map((p) => p.id);
    const [stock, images] = await Promise.all([
      db.select().from(variants).where(inArray(variants.productId, ids)).orderBy(asc(variants.id)),
      db.select().from(productImages).where(inArray(productImages.productId, ids)).orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id)),
    ]);
    const photosOf = groupBy(images, (i) => i.productId);
    const variantsOf = groupBy(stock, (v) => v.productId);
    for (const p of batch) {
      const photos = (photosOf.get(p.id) ?? []).map((i) => ({ ...i, src: absolute(photoJpeg({ ...i, key: i.fileKey }, 2000)) }));
      const productVariants = variantsOf.get(p.id) ?? [];
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
    yield stringify(out);
  }
}

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}
