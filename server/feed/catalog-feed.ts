import type { Writable } from "node:stream";
import { stringify } from "csv-stringify";
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { productImageUrl } from "../catalog/images/image-url";
import type { Database } from "../db/client";
import { categories, productImages, products, variants } from "../db/schema";
import { photoJpeg } from "../../shared/photo-urls";
import { ageGroup, availability, feedPrice, gender, googleCategory, plainText } from "./feed-fields";
import { isActive } from "../catalog/product-query";
import { descriptionText } from "../../shared/description";

export const FEED_COLUMNS = [
  "id",
  "item_group_id",
  "title",
  "description",
  "availability",
  "condition",
  "price",
  "sale_price",
  "link",
  "image_link",
  "additional_image_link",
  "brand",
  "size",
  "color",
  "gender",
  "age_group",
  "google_product_category",
  "quantity_to_sell_on_facebook",
] as const;

const BATCH = 500;
const subcategories = alias(categories, "subcategories");

/**
 * Writes the Meta / Instagram Shop catalog feed as CSV (csv-stringify does the escaping), one row per variant,
 * grouped by product. Reads the catalogue in batches, so a large catalogue streams in constant memory. The brand is
 * the store's name (its settings).
 */
export async function writeCatalogFeed({ db, storeUrl, brand, out }: { db: Database; storeUrl: string; brand: string; out: Writable }): Promise<number> {
  const csv = stringify({ header: true, columns: [...FEED_COLUMNS] });
  csv.pipe(out);
  const absolute = (path: string) => new URL(path, storeUrl).toString();
  let lastId = 0;
  let rows = 0;
  for (;;) {
    const batch = await db
      .select({ product: products, category: categories.slug, subcategory: subcategories.slug })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
      // A gift card is no product Meta's catalogue may list (its commerce policy forbids them): kept out (issue 51).
      .where(and(isActive, eq(products.giftCard, false), gt(products.id, lastId)))
      .orderBy(asc(products.id))
      .limit(BATCH);
    if (batch.length === 0) break;
    lastId = batch[batch.length - 1]!.product.id;
    const ids = batch.map((b) => b.product.id);
    const [stock, photos] = await Promise.all([
      db.select().from(variants).where(inArray(variants.productId, ids)).orderBy(asc(variants.productId), asc(variants.id)),
      db.select().from(productImages).where(inArray(productImages.productId, ids)).orderBy(asc(productImages.productId), asc(productImages.position)),
    ]);
    // A variant's pictures: its colour's staff photos (or those for every colour), else the drawings.
    const picturesOf = (p: { id: number; garment: string }, color: string) => {
      const own = photos.filter((i) => i.productId === p.id && (i.color === color || i.color === null)).sort((a, b) => Number(a.color === null) - Number(b.color === null) || a.position - b.position);
      return own.length ? own.slice(0, 2).map((i) => photoJpeg({ key: i.fileKey, widths: i.widths }, 1440)) : [productImageUrl(p.garment, color, "front"), productImageUrl(p.garment, color, "back")];
    };
    for (const { product: p, category, subcategory } of batch) {
      for (const v of stock.filter((s) => s.productId === p.id)) {
        const pictures = picturesOf(p, v.color);
        const onSale = v.compareAtCents !== null;
        const available = v.onHand - v.reserved;
        const row = {
          id: v.sku.slice(0, 100),
          item_group_id: `VS-${p.id}`,
          title: plainText(p.name, 200),
          description: plainText(descriptionText(p.description)),
          availability: availability({ preorder: p.preorder, available }),
          condition: "new",
          price: feedPrice(onSale ? v.compareAtCents! : v.priceCents),
          sale_price: onSale ? feedPrice(v.priceCents) : "",
          link: absolute(`/product/${p.id}`),
          image_link: absolute(pictures[0]!),
          additional_image_link: pictures[1] ? absolute(pictures[1]) : "",
          brand,
          size: v.size,
          color: v.color,
          gender: gender(category),
          age_group: ageGroup(category, subcategory),
          google_product_category: googleCategory(p.garment),
          quantity_to_sell_on_facebook: String(Math.max(0, available)),
        };
        if (!csv.write(row)) await new Promise((resolve) => csv.once("drain", resolve));
        rows++;
      }
    }
  }
  csv.end();
  await new Promise<void>((resolve, reject) => {
    out.once("finish", resolve);
    out.once("error", reject);
  });
  return rows;
}
