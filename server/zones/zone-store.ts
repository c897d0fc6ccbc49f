import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { recordAudit } from "../audit/audit-log";
import type { Database } from "../db/client";
import { zoneRegions, zones, type ZoneKind } from "../db/schema";
import { AppError } from "../errors";
import { findTie, type Zone } from "../pricing/zones";
import type { ZoneChange, ZoneFields } from "./zone-schemas";
import type { StaffChange, Tx } from "./staff-change";

const KIND_NAME: Record<ZoneKind, string> = { tax: "tax zone", shipping: "shipping zone" };

/** A kind's zones with their regions, oldest first (the order staff made them in). */
export async function listZones(db: Database | Tx, kind: ZoneKind): Promise<Zone[]> {
  const rows = await db.select({ id: zones.id, name: zones.name }).from(zones).where(eq(zones.kind, kind)).orderBy(asc(zones.id));
  const regions = rows.length
    ? await db
        .select()
        .from(zoneRegions)
        .where(inArray(zoneRegions.zoneId, rows.map((z) => z.id)))
        .orderBy(asc(zoneRegions.id))
    : [];
  return rows.map((z) => ({ ...z, regions: regions.filter((r) => r.zoneId === z.id).map(({ country, subdivision, postalPrefix }) => ({ country, subdivision, postalPrefix })) }));
}

/** The zone, locked for the rest of the transaction; a zone of the other kind is refused by name. */
export async function requireZone(tx: Tx, id: number, kind: ZoneKind) {
  const [zone] = await tx.select().from(zones).where(eq(zones.id, id)).for("update");
  if (!zone) throw new AppError("not_found", `No ${KIND_NAME[kind]} ${id}`);
  if (zone.kind !== kind) throw new AppError("bad_request", `Zone ${zone.name} is a ${KIND_NAME[zone.kind]}, not a ${KIND_NAME[kind]}`);
  return zone;
}

/**
 * Checks a zone's name and regions against the kind's other zones, with the kind's zone writes serialized (an
 * advisory lock for the transaction), so two staff saving at once can't make a tie between them.
 */
async function checkAgainstOthers(tx: Tx, kind: ZoneKind, zone: { id?: number; name: string; regions: Zone["regions"] }) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`zones:${kind}`}))`);
  const others = (await listZones(tx, kind)).filter((z) => z.id !== zone.id);
  if (others.some((z) => z.name.toLowerCase() === zone.name.toLowerCase())) throw new AppError("conflict", `There is already a ${KIND_NAME[kind]} named ${zone.name}`);
  const tie = findTie(zone, others);
  if (tie) throw new AppError("conflict", tie);
}

async function writeRegions(tx: Tx, zoneId: number, regions: Zone["regions"]) {
  await tx.delete(zoneRegions).where(eq(zoneRegions.zoneId, zoneId));
  if (regions.length) await tx.insert(zoneRegions).values(regions.map((r) => ({ zoneId, ...r })));
}

export async function createZone({ db, actor, now, kind, input }: StaffChange & { kind: ZoneKind; input: ZoneFields }): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await checkAgainstOthers(tx, kind, input);
    const [created] = await tx.insert(zones).values({ kind, name: input.name, createdAt: now }).returning({ id: zones.id });
    await writeRegions(tx, created!.id, input.regions);
    await recordAudit(tx, { actor, entity: "zone", entityId: created!.id, action: "create", after: { kind, ...input } }, now);
    return created!;
  });
}

export async function updateZone({ db, actor, now, kind, id, change }: StaffChange & { kind: ZoneKind; id: number; change: ZoneChange }) {
  await db.transaction(async (tx) => {
    const current = await requireZone(tx, id, kind);
    const before = (await listZones(tx, kind)).find((z) => z.id === id)!;
    const next = { id, name: change.name ?? current.name, regions: change.regions ?? before.regions };
    await checkAgainstOthers(tx, kind, next);
    if (change.name !== undefined) await tx.update(zones).set({ name: change.name }).where(eq(zones.id, id));
    if (change.regions) await writeRegions(tx, id, change.regions);
    await recordAudit(tx, { actor, entity: "zone", entityId: id, action: "update", before: { name: before.name, regions: before.regions }, after: change }, now);
  });
}

/** Deletes a zone with its regions and rates; the store keeps at least one shipping zone (else nothing could ship). */
export async function deleteZone({ db, actor, now, kind, id }: StaffChange & { kind: ZoneKind; id: number }) {
  await db.transaction(async (tx) => {
    const current = await requireZone(tx, id, kind);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`zones:${kind}`}))`);
    const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(zones).where(eq(zones.kind, kind));
    if (kind === "shipping" && n <= 1) throw new AppError("bad_request", `Zone ${current.name} is the only shipping zone: the store could ship nowhere without it`);
    const before = (await listZones(tx, kind)).find((z) => z.id === id)!;
    await tx.delete(zones).where(and(eq(zones.id, id), eq(zones.kind, kind)));
    await recordAudit(tx, { actor, entity: "zone", entityId: id, action: "delete", before: { kind, name: before.name, regions: before.regions } }, now);
  });
}
