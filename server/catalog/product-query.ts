import { eq, getTableColumns, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";
import type { Photo } from "./product-types";
import { categories, products, variants } from "../db/schema";
import { productDropsSql } from "../drops/product-drops-sql";
import type { ProductDrop } from "../../shared/drops";

const subcategories = alias(categories, "subcategories");

/**
 * The storefront's rule: only active products are listed, searched, shown, fed to Meta and sold. A literal rather than
 * a parameter, so the planner can use the listing indexes, which cover active products only.
 */
export const isActive = sql`${products.status} = 'active'`;

/** Units available across a product's variants (on hand minus reserved). */
export const stockSql = sql<number>`(select coalesce(sum(${variants.onHand} - ${variants.reserved}), 0)::int from ${variants} where ${variants.productId} = ${products.id})`;

// Every column but the search vector, which only search reads.
const { searchVector: _searchVector, ...productColumns } = getTableColumns(products);

/** The product's first photo (position order), as the Photo the storefront renders, or null. */
export const firstPhotoSql = sql<Photo | null>`(select json_build_object('key', i.file_key, 'alt', i.alt, 'color', i.color, 'width', i.width, 'height', i.height, 'widths', i.widths) from product_images i where i.product_id = ${products.id} order by i.position, i.id limit 1)`;

/** Products with their category and subcategory slugs and available stock: the base of every product read. */
export function selectProducts(db: Database) {
  return db
    .select({ ...productColumns, category: categories.slug, subcategory: subcategories.slug, stock: stockSql, photo: firstPhotoSql, drops: sql<ProductDrop[]>`${productDropsSql(sql`${products.id}`)}` })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId));
}
