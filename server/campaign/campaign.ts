import { eq } from "drizzle-orm";
import { recordAudit } from "../audit/audit-log";
import type { Database } from "../db/client";
import { drops, type DropRow } from "../db/schema";
import { FIRST_DROP } from "../drops/seed-drops";
import { soldOutPercent } from "../drops/sold-out-percent";
import { AppError } from "../errors";
import type { CampaignUpdate } from "./campaign-schemas";
import type { Campaign } from "./campaign-types";

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
  return toCampaign(row, now(), await soldOutPercent(db, row.id));
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
