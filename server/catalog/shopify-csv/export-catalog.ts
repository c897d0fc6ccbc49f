import { stringify } from "csv-stringify/sync";
import { asc, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { categories, products, variants } from "../../db/schema";
import { EXPORT_HEADERS } from "./columns";
import { textToHtml } from "./html-text";

const BATCH = 500;

/**
 * The whole catalogue as a Shopify product CSV (classic headers plus the vsop metafields), one row per variant,
 * product cells on each product's first row. Importing it into an empty store gives the same catalogue.
 */
export async function exportCatalog({ db }: { db: Database }): Promise<string> {
  const cats = await db.select({ id: categories.id, slug: categories.slug, name: categories.name }).from(categories);
  const slugOf = (id: number | null) => cats.find((c) => c.id === id)?.slug ?? "";
  const nameOf = (id: number | null) => cats.find((c) => c.id === id)?.name ?? "";
  const out: string[][] = [EXPORT_HEADERS];
  for (let offset = 0; ; offset += BATCH) {
    const batch = await db.select().from(products).orderBy(asc(products.id)).limit(BATCH).offset(offset);
    if (batch.length === 0) break;
    const stock = await db.select().from(variants).where(inArray(variants.productId, batch.map((p) => p.id))).orderBy(asc(variants.id));
    for (const p of batch) {
      const badges = [p.isNew && "new", p.featured && "featured", p.trending && "trending", p.bestseller && "bestseller", p.hot && "hot", p.preorder && "preorder"].filter(Boolean).join(", ");
      stock
        .filter((v) => v.productId === p.id)
        .forEach((v, i) => {
          const first = i === 0;
          out.push([
            p.handle,
            first ? p.name : "",
            first ? textToHtml(p.description) : "",
            first ? "VSOP Apparel" : "",
            first ? nameOf(p.subcategoryId) || nameOf(p.categoryId) : "",
            first ? p.tags.join(", ") : "",
            first ? String(p.status === "active").toUpperCase() : "",
            first ? "Color" : "",
            v.color,
            first ? "Size" : "",
            v.size,
            v.sku,
            v.barcode ?? "",
            String(v.onHand),
            (p.priceCents / 100).toFixed(2),
            p.compareAtCents === null ? "" : (p.compareAtCents / 100).toFixed(2),
            "",
            "",
            "",
            first ? p.status : "",
            first ? slugOf(p.categoryId) : "",
            first ? slugOf(p.subcategoryId) : "",
            first ? p.garment : "",
            first ? badges : "",
          ]);
        });
    }
  }
  return stringify(out);
}
