import { eq } from "drizzle-orm";
import { recordAudit } from "../audit/audit-log";
import type { Database } from "../db/client";
import { settings } from "../db/schema";
import { AppError } from "../errors";
import type { StaffChange } from "../zones/staff-change";
import type { TaxSettings } from "./tax-admin-schemas";

const columns = { pricesIncludeTax: settings.pricesIncludeTax, taxOnShipping: settings.taxOnShipping, taxProvider: settings.taxProvider };

/** The three tax settings of the store's one settings row (server/settings owns the rest of it). */
export async function readTaxSettings(db: Database): Promise<TaxSettings> {
  const [row] = await db.select(columns).from(settings).where(eq(settings.id, 1));
  return row ?? { pricesIncludeTax: false, taxOnShipping: false, taxProvider: "manual" };
}

export const STRIPE_TAX_NEEDS_STRIPE = "Stripe Tax needs Stripe: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET and restart the store, then choose Stripe Tax";

/** Changes the three tax settings; Stripe Tax is refused while the store takes payments without Stripe. */
export async function updateTaxSettings({ db, actor, now, input, stripeConfigured }: StaffChange & { input: TaxSettings; stripeConfigured: boolean }) {
  if (input.taxProvider === "stripe_tax" && !stripeConfigured) throw new AppError("bad_request", STRIPE_TAX_NEEDS_STRIPE);
  await db.transaction(async (tx) => {
    const [before] = await tx.select(columns).from(settings).where(eq(settings.id, 1)).for("update");
    if (!before) throw new AppError("unavailable", "The store's settings row is missing: run the migrations");
    await tx.update(settings).set({ ...input, updatedAt: now, updatedBy: actor }).where(eq(settings.id, 1));
    await recordAudit(tx, { actor, entity: "setting", entityId: "tax", action: "update", before, after: input }, now);
  });
}
