import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { inDropSql } from "./product-drops-sql";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * The collections that are a drop's, each with its drop's slug: every product of them on sale is in a drop not
 * archived (VSOP's tech-casual), the drop announced last when there are several. Their drop's page stands for them,
 * so the storefront's lists of collections (menus, home banners, sitemap) leave them out (shared/taxonomy.ts
 * Collection.drop).
 */
export async function collectionDrops({ db }: { db: Database | Tx }): Promise<Map<string, string>> {
  const rows = rowsOf<{ slug: string; drop: string }>(
    await db.execute(sql`
      select c.slug, (select d.slug from drop_products dp join drops d on d.id = dp.drop_id join products p on p.id = dp.product_id
                      where p.category_id = c.id and d.archived_at is null order by d.announce_at desc, d.id desc limit 1) as drop
      from categories c
      where c.parent_id is null
        and exists (select 1 from products p where p.category_id = c.id and p.status = 'active')
        and not exists (select 1 from products p where p.category_id = c.id and p.status = 'active' and not ${inDropSql(sql`p.id`)})`),
  );
  return new Map(rows.map((r) => [r.slug, r.drop]));
}
