import { eq, sql } from "drizzle-orm";
import { recordAudit } from "../audit/audit-log";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { drops, type DropRow } from "../db/schema";
import { FIRST_DROP } from "../drops/seed-drops";
import { AppError } from "../errors";
import type { CampaignUpdate } from "./campaign-schemas";
import type { Campaign } from "./campaign-types";

/** Units of the drop's products pre-ordered (sold in paid orders or reserved now) out of all it started with. */
async function hypePercent(db: Database, dropId: number): Promise<number> {
  const pieces = sql`(select product_id from drop_products where drop_id = ${dropId})`;
  const [row] = rowsOf<{ on_hand: number; reserved: number; sold: number }>(
    await db.execute(sql`
      select
        (select coalesce(sum(v.on_hand), 0)::int from variants v where v.product_id in ${pieces}) as on_hand,
        (select coalesce(sum(v.reserved), 0)::int from variants v where v.product_id in ${pieces}) as reserved,
        (select coalesce(sum(oi.quantity), 0)::int from order_items oi join orders o on o.id = oi.order_id
           where oi.product_id in ${pieces} and o.stock_state = 'committed') as sold`),
  );
  if (!row) return 0;
  const started = row.on_hand + row.sold;
  return started === 0 ? 0 : Math.min(100, Math.round((100 * (row.sold + row.reserved)) / started));
}

function toCampaign(row: DropRow, now: Date, hype: number): Campaign {
  const ended = row.preorderClosesAt <= now;
  return {
    slug: row.slug,
    name: row.name,
    preorderClosesAt: row.preorderClosesAt.toISOString(),
    shipsAt: row.shipsAt.toISOString(),
    freeShipping: row.freeShipping,
    limitedQuantities: row.limitedQuantities,
    ended,
    hypePercent: ended ? 100 : hype,
  };
}

export async function getCampaign({ db, now, slug = FIRST_DROP }: { db: Database; now: () => Date; slug?: string }): Promise<Campaign> {
  const [row] = await db.select().from(drops).where(eq(drops.slug, slug));
  if (!row) throw new AppError("not_found", `Campaign '${slug}' not found`);
  return toCampaign(row, now(), await hypePercent(db, row.id));
}

/** Changes the drop's dates or flags; the change and its before and after are written to the audit log with it. */
export async function updateCampaign({ db, now, slug, input, actor }: { db: Database; now: () => Date; slug: string; input: CampaignUpdate; actor: string }): Promise<Campaign> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(drops).where(eq(drops.slug, slug)).for("update");
    if (!current) throw new AppError("not_found", `Campaign '${slug}' not found`);
    const closes = input.preorderClosesAt ? new Date(input.preorderClosesAt) : current.preorderClosesAt;
    const ships = input.shipsAt ? new Date(input.shipsAt) : current.shipsAt;
    if (ships < closes) throw new AppError("bad_request", "The ship date must not be before pre-orders close");
    const { preorderClosesAt: _c, shipsAt: _s, ...rest } = input;
    const [updated] = await tx
      .update(drops)
      .set({ ...rest, preorderClosesAt: closes, shipsAt: ships, updatedAt: now() })
      .where(eq(drops.slug, slug))
      .returning();
    const { updatedAt: _b, ...before } = current;
    const { updatedAt: _a, ...after } = updated!;
    await recordAudit(tx, { actor, entity: "campaign", entityId: slug, action: "update", before, after }, now());
  });
  return getCampaign({ db, now, slug });
}
