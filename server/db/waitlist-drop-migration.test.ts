import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, it } from "vitest";
import { migrationsDir } from "../paths";
import { migrationsFolders } from "../test/migrations-before";
import { openDatabase } from "./client";
import { rowsOf } from "./rows";

/** drizzle/0042 on a store whose waitlist rows named no drop: they were the first drop's (vsop), and now say so. */
const folders = migrationsFolders("waitlist-drop-migration");
afterAll(folders.remove);

it("gives existing waitlist rows the first drop, leaves variant alerts alone, then holds a row to one target", async () => {
  const handle = await openDatabase({});
  try {
    const { db } = handle;
    await migrate(db as never, { migrationsFolder: folders.before("0042") });
    const [category] = rowsOf<{ id: number }>(await db.execute(sql`insert into categories (name, slug) values ('Tees', 'tees') returning id`));
    const [variant] = rowsOf<{ id: number }>(
      await db.execute(sql`with p as (insert into products (name, handle, description, price_cents, category_id, garment, colors, sizes)
          values ('Tee', 'tee', 'A tee', 2000, ${category!.id}, 'tee', '{Navy}', '{M}') returning id)
        insert into variants (product_id, color, size, sku, price_cents) select id, 'Navy', 'M', 'TEE-NAVY-M', 2000 from p returning id`),
    );
    // A store with a waitlist had the VSOP campaign, which 0040 made the drop `vsop` (here after another drop).
    const dates = sql`now(), now(), now() + interval '30 days', now() + interval '60 days'`;
    await db.execute(sql`insert into drops (slug, name, announce_at, opens_at, preorder_closes_at, ships_at) values ('aurora', 'Aurora', ${dates}), ('vsop', 'VSOP Premium Collection', ${dates})`);
    await db.execute(sql`insert into stock_alerts (variant_id, email, status) values (null, 'Listed@example.com', 'active'), (${variant!.id}, 'size@example.com', 'active')`);

    await migrate(db as never, { migrationsFolder: migrationsDir });
    const [vsop] = rowsOf<{ id: number }>(await db.execute(sql`select id from drops where slug = 'vsop'`));
    const rows = rowsOf<{ email: string; variant_id: number | null; drop_id: number | null }>(await db.execute(sql`select email, variant_id, drop_id from stock_alerts order by email`));
    expect(rows).toEqual([
      { email: "Listed@example.com", variant_id: null, drop_id: vsop!.id },
      { email: "size@example.com", variant_id: variant!.id, drop_id: null },
    ]);
    // Neither target, or both: refused. The same address on the same drop's waitlist: once.
    await expect(db.execute(sql`insert into stock_alerts (email) values ('none@example.com')`)).rejects.toThrow();
    await expect(db.execute(sql`insert into stock_alerts (variant_id, drop_id, email) values (${variant!.id}, ${vsop!.id}, 'both@example.com')`)).rejects.toThrow();
    await expect(db.execute(sql`insert into stock_alerts (drop_id, email) values (${vsop!.id}, 'listed@example.com')`)).rejects.toThrow();
  } finally {
    await handle.close();
  }
});
