import { and, eq, ne, sql } from "drizzle-orm";
import { recordAudit } from "../audit/audit-log";
import { taxCategories } from "../db/schema";
import { AppError } from "../errors";
import type { StaffChange, Tx } from "../zones/staff-change";
import type { TaxCategoryChange, TaxCategoryFields } from "./tax-admin-schemas";

async function refuseTakenName(tx: Tx, name: string, id?: number) {
  const [taken] = await tx
    .select({ id: taxCategories.id })
    .from(taxCategories)
    .where(and(sql`lower(${taxCategories.name}) = lower(${name})`, id ? ne(taxCategories.id, id) : undefined));
  if (taken) throw new AppError("conflict", `There is already a tax category named ${name}`);
}

async function requireCategory(tx: Tx, id: number) {
  const [category] = await tx.select().from(taxCategories).where(eq(taxCategories.id, id)).for("update");
  if (!category) throw new AppError("not_found", `No tax category ${id}`);
  return category;
}

/** Only one category is the default: making one the default takes it from the other, in the same transaction. */
async function takeDefaultFromOthers(tx: Tx) {
  await tx.update(taxCategories).set({ isDefault: false }).where(eq(taxCategories.isDefault, true));
}

export async function createTaxCategory({ db, actor, now, input }: StaffChange & { input: TaxCategoryFields }): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await refuseTakenName(tx, input.name);
    if (input.isDefault) await takeDefaultFromOthers(tx);
    const [created] = await tx.insert(taxCategories).values(input).returning({ id: taxCategories.id });
    await recordAudit(tx, { actor, entity: "tax_category", entityId: created!.id, action: "create", after: input }, now);
    return created!;
  });
}

export async function updateTaxCategory({ db, actor, now, id, change }: StaffChange & { id: number; change: TaxCategoryChange }) {
  await db.transaction(async (tx) => {
    const current = await requireCategory(tx, id);
    if (change.name !== undefined) await refuseTakenName(tx, change.name, id);
    if (change.isDefault && !current.isDefault) await takeDefaultFromOthers(tx);
    await tx.update(taxCategories).set(change).where(eq(taxCategories.id, id));
    const before = { name: current.name, stripeTaxCode: current.stripeTaxCode, isDefault: current.isDefault };
    await recordAudit(tx, { actor, entity: "tax_category", entityId: id, action: "update", before, after: change }, now);
  });
}

/** Its products fall back to the default category, and its own rates go with it; the default itself stays. */
export async function deleteTaxCategory({ db, actor, now, id }: StaffChange & { id: number }) {
  await db.transaction(async (tx) => {
    const current = await requireCategory(tx, id);
    if (current.isDefault) throw new AppError("bad_request", `${current.name} is the default tax category: make another category the default before deleting it`);
    await tx.delete(taxCategories).where(eq(taxCategories.id, id));
    await recordAudit(tx, { actor, entity: "tax_category", entityId: id, action: "delete", before: { name: current.name, stripeTaxCode: current.stripeTaxCode } }, now);
  });
}
