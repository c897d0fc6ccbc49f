import { asc, eq } from "drizzle-orm";
import { recordAudit } from "../audit/audit-log";
import type { Database } from "../db/client";
import { pgErrorCode } from "../db/rows";
import { dropProducts, drops, type DropRow } from "../db/schema";
import { AppError } from "../errors";
import type { Tx } from "../zones/staff-change";
import { refreshKeywords } from "../catalog/refresh-keywords";
import { assertNoOrders, assertNoOverlap, assertProductsExist, assertSlugFree, lockDrops } from "./drop-checks";
import { defaultDropPage } from "../../shared/drop-page";
import { dropDatesOutOfOrder, type DropChange, type DropFields } from "./drop-schemas";
import { dropSnapshot, dropStaffJson } from "./drop-staff-json";

/** What every staff change to a drop is made with: the database, who, and the service clock. */
interface Change {
  db: Database;
  actor: string;
  now: Date;
}

export async function productIdsOf(tx: Pick<Database, "select">, dropId: number): Promise<number[]> {
  const rows = await tx.select({ id: dropProducts.productId }).from(dropProducts).where(eq(dropProducts.dropId, dropId)).orderBy(asc(dropProducts.position), asc(dropProducts.productId));
  return rows.map((r) => r.id);
}

async function lockedDrop(tx: Tx, id: number): Promise<DropRow> {
  const [row] = await tx.select().from(drops).where(eq(drops.id, id)).for("update");
  if (!row) throw new AppError("not_found", `Drop ${id} not found`);
  return row;
}

async function setProducts(tx: Tx, dropId: number, ids: number[]) {
  await tx.delete(dropProducts).where(eq(dropProducts.dropId, dropId));
  await tx.insert(dropProducts).values(ids.map((productId, position) => ({ dropId, productId, position })));
}

/** The body's fields as the table's columns (the limits are two columns; unset optional fields are left alone). */
function columns(input: DropChange) {
  const { perCustomerLimit, productIds: _p, ...rest } = input;
  return {
    ...rest,
    ...(perCustomerLimit?.perProduct !== undefined && { perProductLimit: perCustomerLimit.perProduct }),
    ...(perCustomerLimit?.perDrop !== undefined && { perDropLimit: perCustomerLimit.perDrop }),
  };
}

/** The table's own check (drops_dates_in_order) stands behind ours: a 400 either way, never a 500. */
async function orBadDates<R>(write: () => Promise<R>): Promise<R> {
  try {
    return await write();
  } catch (error) {
    if (pgErrorCode(error) === "23514") throw new AppError("bad_request", "Invalid drop: the dates must run announceAt ≤ earlyAccessAt ≤ opensAt < preorderClosesAt ≤ shipsAt");
    throw error;
  }
}

/** A new drop; its page is the default one (a hero and its products) unless one is given. */
export async function createDrop({ db, actor, now, input }: Change & { input: DropFields }) {
  return orBadDates(() =>
    db.transaction(async (tx) => {
      await lockDrops(tx);
      await assertProductsExist(tx, input.productIds);
      await assertSlugFree(tx, input.slug, null);
      await assertNoOverlap(tx, { id: null, ...input });
      const [row] = await tx
        .insert(drops)
        .values({ ...columns(input), name: input.name, slug: input.slug, announceAt: input.announceAt, opensAt: input.opensAt, preorderClosesAt: input.preorderClosesAt, shipsAt: input.shipsAt, freeShipping: input.freeShipping, page: input.page ?? defaultDropPage(), createdAt: now, updatedAt: now })
        .returning();
      await setProducts(tx, row!.id, input.productIds);
      // A piece is found by its drop's name in search (server/catalog/keywords.ts).
      await refreshKeywords({ db: tx, productIds: input.productIds });
      await recordAudit(tx, { actor, entity: "drop", entityId: row!.id, action: "create", after: dropSnapshot(row!, input.productIds) }, now);
      return dropStaffJson(row!, input.productIds, now);
    }),
  );
}

/** Changes any part of a drop; the dates are checked in order with the stored ones, and overlaps against the result. */
export async function updateDrop({ db, actor, now, id, change }: Change & { id: number; change: DropChange }) {
  return orBadDates(() =>
    db.transaction(async (tx) => {
      await lockDrops(tx);
      const before = await lockedDrop(tx, id);
      const beforeIds = await productIdsOf(tx, id);
      const merged = { ...before, ...columns(change) } as DropRow;
      const wrong = dropDatesOutOfOrder(merged);
      if (wrong) throw new AppError("bad_request", `Invalid drop: ${wrong[0]}: ${wrong[1]}`);
      const productIds = change.productIds ?? beforeIds;
      if (change.productIds) await assertProductsExist(tx, change.productIds);
      if (change.slug !== undefined && change.slug !== before.slug) await assertSlugFree(tx, change.slug, id);
      // An archived drop sells nothing, so it clashes with none; restoring it checks again.
      if (!before.archivedAt) await assertNoOverlap(tx, { id, productIds, announceAt: merged.announceAt, preorderClosesAt: merged.preorderClosesAt });
      const [row] = await tx
        .update(drops)
        .set({ ...columns(change), updatedAt: now })
        .where(eq(drops.id, id))
        .returning();
      if (change.productIds) await setProducts(tx, id, change.productIds);
      if (change.productIds || change.name) await refreshKeywords({ db: tx, productIds: [...new Set([...beforeIds, ...productIds])] });
      await recordAudit(tx, { actor, entity: "drop", entityId: id, action: "update", before: dropSnapshot(before, beforeIds), after: dropSnapshot(row!, productIds) }, now);
      return dropStaffJson(row!, productIds, now);
    }),
  );
}

/**
 * Archives a drop (it leaves the storefront and every drop rule; its orders and report stay), or restores it, which
 * checks again that none of its products is in another drop at that time.
 */
export async function archiveDrop({ db, actor, now, id, archived }: Change & { id: number; archived: boolean }) {
  return db.transaction(async (tx) => {
    await lockDrops(tx);
    const before = await lockedDrop(tx, id);
    const productIds = await productIdsOf(tx, id);
    if (archived === (before.archivedAt !== null)) return dropStaffJson(before, productIds, now);
    if (!archived) await assertNoOverlap(tx, { id, productIds, announceAt: before.announceAt, preorderClosesAt: before.preorderClosesAt });
    const [row] = await tx
      .update(drops)
      .set({ archivedAt: archived ? now : null, updatedAt: now })
      .where(eq(drops.id, id))
      .returning();
    await refreshKeywords({ db: tx, productIds });
    await recordAudit(tx, { actor, entity: "drop", entityId: id, action: archived ? "archive" : "restore", before: { archivedAt: before.archivedAt }, after: { archivedAt: row!.archivedAt } }, now);
    return dropStaffJson(row!, productIds, now);
  });
}

/** Deletes a drop nobody has bought from (its passes and invitations go with it); one with orders is archived instead. */
export async function deleteDrop({ db, actor, now, id }: Change & { id: number }) {
  await db.transaction(async (tx) => {
    await lockDrops(tx);
    const before = await lockedDrop(tx, id);
    const productIds = await productIdsOf(tx, id);
    await assertNoOrders(tx, before);
    await tx.delete(drops).where(eq(drops.id, id));
    await refreshKeywords({ db: tx, productIds });
    await recordAudit(tx, { actor, entity: "drop", entityId: id, action: "delete", before: dropSnapshot(before, productIds) }, now);
  });
  return { deleted: true, id };
}
