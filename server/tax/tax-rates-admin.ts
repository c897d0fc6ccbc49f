import { and, eq, isNull, ne } from "drizzle-orm";
import { recordAudit } from "../audit/audit-log";
import { requireTaxCategory } from "../catalog/tax-categories";
import { taxCategories, taxRates } from "../db/schema";
import { AppError } from "../errors";
import type { StaffChange, Tx } from "../zones/staff-change";
import { requireZone } from "../zones/zone-store";
import type { TaxRateChange, TaxRateFields } from "./tax-admin-schemas";

/** A zone's rates for a category must have different names (two "Sales tax" at once would be charged twice). */
async function refuseDuplicate(tx: Tx, rate: { id?: number; zoneId: number; name: string; taxCategoryId: number | null }, zoneName: string) {
  const [same] = await tx
    .select({ id: taxRates.id, category: taxCategories.name })
    .from(taxRates)
    .leftJoin(taxCategories, eq(taxCategories.id, taxRates.taxCategoryId))
    .where(and(eq(taxRates.zoneId, rate.zoneId), eq(taxRates.name, rate.name), rate.taxCategoryId === null ? isNull(taxRates.taxCategoryId) : eq(taxRates.taxCategoryId, rate.taxCategoryId), rate.id ? ne(taxRates.id, rate.id) : undefined));
  if (same) throw new AppError("conflict", `Zone ${zoneName} already has ${rate.name} for ${same.category ?? "all categories"}`);
}

async function requireRate(tx: Tx, id: number) {
  const [rate] = await tx.select().from(taxRates).where(eq(taxRates.id, id)).for("update");
  if (!rate) throw new AppError("not_found", `No tax rate ${id}`);
  return rate;
}

export async function createTaxRate({ db, actor, now, input }: StaffChange & { input: TaxRateFields }): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const zone = await requireZone(tx, input.zoneId, "tax");
    await requireTaxCategory(tx, input.taxCategoryId);
    await refuseDuplicate(tx, input, zone.name);
    const [created] = await tx
      .insert(taxRates)
      .values({ zoneId: zone.id, name: input.name, taxCategoryId: input.taxCategoryId, rateMilliPercent: input.rate })
      .returning({ id: taxRates.id });
    await recordAudit(tx, { actor, entity: "tax_rate", entityId: created!.id, action: "create", after: { zone: zone.name, ...input } }, now);
    return created!;
  });
}

export async function updateTaxRate({ db, actor, now, id, change }: StaffChange & { id: number; change: TaxRateChange }) {
  await db.transaction(async (tx) => {
    const current = await requireRate(tx, id);
    const zone = await requireZone(tx, current.zoneId, "tax");
    await requireTaxCategory(tx, change.taxCategoryId);
    const next = { id, zoneId: current.zoneId, name: change.name ?? current.name, taxCategoryId: change.taxCategoryId === undefined ? current.taxCategoryId : change.taxCategoryId };
    await refuseDuplicate(tx, next, zone.name);
    await tx
      .update(taxRates)
      .set({ name: next.name, taxCategoryId: next.taxCategoryId, rateMilliPercent: change.rate ?? current.rateMilliPercent })
      .where(eq(taxRates.id, id));
    const before = { name: current.name, taxCategoryId: current.taxCategoryId, rate: current.rateMilliPercent };
    await recordAudit(tx, { actor, entity: "tax_rate", entityId: id, action: "update", before, after: change }, now);
  });
}

export async function deleteTaxRate({ db, actor, now, id }: StaffChange & { id: number }) {
  await db.transaction(async (tx) => {
    const current = await requireRate(tx, id);
    await tx.delete(taxRates).where(eq(taxRates.id, id));
    await recordAudit(tx, { actor, entity: "tax_rate", entityId: id, action: "delete", before: { zoneId: current.zoneId, name: current.name, taxCategoryId: current.taxCategoryId, rate: current.rateMilliPercent } }, now);
  });
}
