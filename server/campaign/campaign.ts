import { eq, sql } from "drizzle-orm";
import { VSOP_CATEGORY } from "../../shared/taxonomy";
import { recordAudit } from "../audit/audit-log";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { campaigns, type CampaignRow } from "../db/schema";
import { AppError } from "../errors";
import type { CampaignUpdate } from "./campaign-schemas";
import type { Campaign } from "./campaign-types";

export const VSOP_CAMPAIGN = "vsop";
const DAY_MS = 86_400_000;

/** A fresh install opens the drop at once: pre-orders close in 30 days and ship 14 days after (issue 6). */
export async function seedCampaign(db: Database, now: Date): Promise<void> {
  const closes = new Date(now.getTime() + 30 * DAY_MS);
  await db
    .insert(campaigns)
    .values({ slug: VSOP_CAMPAIGN, name: "VSOP Premium Collection", preorderClosesAt: closes, shipsAt: new Date(closes.getTime() + 14 * DAY_MS) })
    .onConflictDoNothing();
}

/** Units of the drop's products pre-ordered (sold in paid orders or reserved now) out of all it started with. */
async function hypePercent(db: Database): Promise<number> {
  const [row] = rowsOf<{ on_hand: number; reserved: number; sold: number }>(
    await db.execute(sql`
      select
        (select coalesce(sum(v.on_hand), 0)::int from variants v join products p on p.id = v.product_id join categories c on c.id = p.category_id where c.slug = ${VSOP_CATEGORY}) as on_hand,
        (select coalesce(sum(v.reserved), 0)::int from variants v join products p on p.id = v.product_id join categories c on c.id = p.category_id where c.slug = ${VSOP_CATEGORY}) as reserved,
        (select coalesce(sum(oi.quantity), 0)::int from order_items oi join orders o on o.id = oi.order_id join products p on p.id = oi.product_id
           join categories c on c.id = p.category_id where c.slug = ${VSOP_CATEGORY} and o.stock_state = 'committed') as sold`),
  );
  if (!row) return 0;
  const started = row.on_hand + row.sold;
  return started === 0 ? 0 : Math.min(100, Math.round((100 * (row.sold + row.reserved)) / started));
}

function toCampaign(row: CampaignRow, now: Date, hype: number): Campaign {
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

export async function getCampaign({ db, now, slug = VSOP_CAMPAIGN }: { db: Database; now: () => Date; slug?: string }): Promise<Campaign> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.slug, slug));
  if (!row) throw new AppError("not_found", `Campaign '${slug}' not found`);
  return toCampaign(row, now(), await hypePercent(db));
}

/** Changes the drop's dates or flags; the change and its before and after are written to the audit log with it. */
export async function updateCampaign({ db, now, slug, input, actor }: { db: Database; now: () => Date; slug: string; input: CampaignUpdate; actor: string }): Promise<Campaign> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(campaigns).where(eq(campaigns.slug, slug)).for("update");
    if (!current) throw new AppError("not_found", `Campaign '${slug}' not found`);
    const closes = input.preorderClosesAt ? new Date(input.preorderClosesAt) : current.preorderClosesAt;
    const ships = input.shipsAt ? new Date(input.shipsAt) : current.shipsAt;
    if (ships < closes) throw new AppError("bad_request", "The ship date must not be before pre-orders close");
    const { preorderClosesAt: _c, shipsAt: _s, ...rest } = input;
    const [updated] = await tx
      .update(campaigns)
      .set({ ...rest, preorderClosesAt: closes, shipsAt: ships, updatedAt: now() })
      .where(eq(campaigns.slug, slug))
      .returning();
    const { updatedAt: _b, ...before } = current;
    const { updatedAt: _a, ...after } = updated!;
    await recordAudit(tx, { actor, entity: "campaign", entityId: slug, action: "update", before, after }, now());
  });
  return getCampaign({ db, now, slug });
}
