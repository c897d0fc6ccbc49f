import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { productKeywords } from "./keywords";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Writes the stored search words (products.keywords, which the search vector and search_words read) of these products
 * again from what they are now: collection, subcategory, colours, garment and the drops not archived they are in.
 * Every write that changes one of those for products already stored calls it in its transaction: a product's edit, a
 * collection's rename, a drop's name, products or archive (issue 48). Products whose words are unchanged are left alone.
 */
export async function refreshKeywords({ db, productIds }: { db: Database | Tx; productIds: number[] }): Promise<number> {
  if (productIds.length === 0) return 0;
  const rows = rowsOf<{ id: number; keywords: string; category: string; collectionName: string; subcategoryName: string | null; colors: string[]; garment: string; dropNames: string[] }>(
    await db.execute(sql`
      select p.id, p.keywords, c.slug as category, c.name as "collectionName", s.name as "subcategoryName", p.colors, p.garment,
        array(select d.name from drop_products dp join drops d on d.id = dp.drop_id
              where dp.product_id = p.id and d.archived_at is null order by d.announce_at, d.id) as "dropNames"
      from products p join categories c on c.id = p.category_id left join categories s on s.id = p.subcategory_id
      where p.id = any(${`{${productIds.join(",")}}`}::int[])`),
  );
  let changed = 0;
  for (const row of rows) {
    const keywords = productKeywords(row);
    if (keywords === row.keywords) continue;
    await db.execute(sql`update products set keywords = ${keywords} where id = ${row.id}`);
    changed++;
  }
  return changed;
}
