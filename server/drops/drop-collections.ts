import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { inDropSql } from "./product-drops-sql";

/**
 * The collections that are a drop's: every product of them on sale is in a drop not archived (VSOP's tech-casual).
 * Their drop's page is where they are shown, so the listings of collections (home banners, sitemap) leave them out.
 */
export async function dropCollectionSlugs({ db }: { db: Database }): Promise<string[]> {
  const rows = rowsOf<{ slug: string }>(
    await db.execute(sql`
      select c.slug from categories c
      where c.parent_id is null
        and exists (select 1 from products p where p.category_id = c.id and p.status = 'active')
        and not exists (select 1 from products p where p.category_id = c.id and p.status = 'active' and not ${inDropSql(sql`p.id`)})`),
  );
  return rows.map((r) => r.slug);
}
