import { eq } from "drizzle-orm";
import { recordAudit } from "../audit/audit-log";
import { shippingRates } from "../db/schema";
import { AppError } from "../errors";
import type { StaffChange, Tx } from "../zones/staff-change";
import { requireZone } from "../zones/zone-store";
import { rateProblems, type ShippingRateChange, type ShippingRateFields } from "./shipping-schemas";

async function requireRate(tx: Tx, id: number) {
  const [rate] = await tx.select().from(shippingRates).where(eq(shippingRates.id, id)).for("update");
  if (!rate) throw new AppError("not_found", `No shipping rate ${id}`);
  return rate;
}

const auditable = ({ zoneId: _zone, id: _id, ...rest }: typeof shippingRates.$inferSelect) => rest;

export async function createShippingRate({ db, actor, now, input }: StaffChange & { input: ShippingRateFields }): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const zone = await requireZone(tx, input.zoneId, "shipping");
    const [created] = await tx.insert(shippingRates).values(input).returning({ id: shippingRates.id });
    await recordAudit(tx, { actor, entity: "shipping_rate", entityId: created!.id, action: "create", after: { zone: zone.name, ...input } }, now);
    return created!;
  });
}

/** Changes some of a rate's values; the whole rate, old values and new, must still make sense for its kind. */
export async function updateShippingRate({ db, actor, now, id, change }: StaffChange & { id: number; change: ShippingRateChange }) {
  await db.transaction(async (tx) => {
    const current = await requireRate(tx, id);
    const next = { ...current, ...change };
    const problem = rateProblems(next);
    if (problem) throw new AppError("bad_request", `Invalid shipping rate: ${problem}`);
    await tx.update(shippingRates).set(change).where(eq(shippingRates.id, id));
    await recordAudit(tx, { actor, entity: "shipping_rate", entityId: id, action: "update", before: auditable(current), after: change }, now);
  });
}

export async function deleteShippingRate({ db, actor, now, id }: StaffChange & { id: number }) {
  await db.transaction(async (tx) => {
    const current = await requireRate(tx, id);
    await tx.delete(shippingRates).where(eq(shippingRates.id, id));
    await recordAudit(tx, { actor, entity: "shipping_rate", entityId: id, action: "delete", before: { zoneId: current.zoneId, ...auditable(current) } }, now);
  });
}
