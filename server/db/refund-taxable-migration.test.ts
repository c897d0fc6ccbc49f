import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, it } from "vitest";
import { migrationsDir } from "../paths";
import { migrationsFolders } from "../test/migrations-before";
import { openDatabase } from "./client";
import { rowsOf } from "./rows";

/**
 * drizzle/0038 on a store that already refunded tax: each refund tax line gets the taxable amount in proportion to its
 * order tax line (taxable × refunded tax ÷ tax, rounded, never past the line's taxable amount).
 */
const folders = migrationsFolders("refund-taxable-migration");
afterAll(folders.remove);
const migrationsBefore = folders.before;

it("backfills existing refund tax lines in proportion to their order tax line", async () => {
  const handle = await openDatabase({});
  try {
    const { db } = handle;
    await migrate(db as never, { migrationsFolder: migrationsBefore("0038") });
    const [order] = rowsOf<{ id: string }>(
      await db.execute(sql`insert into orders (order_number, status, email, shipping_name, shipping_line1, shipping_city, shipping_region, shipping_postal_code, shipping_country,
        subtotal_cents, discount_cents, shipping_cents, tax_cents, total_cents, cart_fingerprint, payment_provider, reservation_expires_at, paid_at)
        values ('VS-380001', 'paid', 'm@example.com', 'M', '1 Main St', 'Town', 'CA', '94103', 'US', 0, 0, 0, 0, 10000, 'm', 'test', now(), now()) returning id`),
    );
    // Two taxed lines (the order's shipping, as they need no product): 8.625 % of $40.00, and of $5.99.
    const lines = rowsOf<{ id: number }>(
      await db.execute(sql`insert into order_tax_lines (order_id, order_item_id, name, rate_milli_percent, taxable_cents, tax_cents, jurisdiction, country, subdivision)
        values (${order!.id}, null, 'Sales tax', 8625, 4000, 345, 'SF', 'US', 'US-CA'), (${order!.id}, null, 'Sales tax', 8625, 599, 52, 'SF', 'US', 'US-CA') returning id`),
    );
    const refundsMade = rowsOf<{ id: string }>(await db.execute(sql`insert into refunds (order_id, amount_cents, reason, actor) values (${order!.id}, 2172, 'a', 'staff:t'), (${order!.id}, 2824, 'b', 'staff:t') returning id`));
    await db.execute(sql`insert into refund_tax_lines (refund_id, order_tax_line_id, tax_cents) values
      (${refundsMade[0]!.id}, ${lines[0]!.id}, 172), (${refundsMade[1]!.id}, ${lines[0]!.id}, 173), (${refundsMade[1]!.id}, ${lines[1]!.id}, 52)`);

    await migrate(db as never, { migrationsFolder: migrationsDir });
    const backfilled = rowsOf<{ tax_cents: number; taxable_cents: number }>(await db.execute(sql`select tax_cents, taxable_cents from refund_tax_lines order by tax_cents`));
    // 4000 × 172 / 345 = 1994.2; 4000 × 173 / 345 = 2005.8; the shipping's whole tax is its whole taxable amount.
    expect(backfilled).toEqual([
      { tax_cents: 52, taxable_cents: 599 },
      { tax_cents: 172, taxable_cents: 1994 },
      { tax_cents: 173, taxable_cents: 2006 },
    ]);
    await expect(db.execute(sql`insert into refund_tax_lines (refund_id, order_tax_line_id, tax_cents) values (${refundsMade[0]!.id}, ${lines[1]!.id}, 1)`)).rejects.toThrow();
  } finally {
    await handle.close();
  }
});
