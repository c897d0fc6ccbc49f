import type { DropRow } from "../db/schema";
import { dropPhase } from "../../shared/drops";
import type { DropBlock } from "../../shared/drop-page";

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A drop as the staff API answers it: the body's own names (perCustomerLimit, productIds), its phase at `now`. */
export function dropStaffJson(row: DropRow, productIds: number[], now: Date) {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    phase: dropPhase(row, now),
    productIds,
    announceAt: row.announceAt.toISOString(),
    earlyAccessAt: iso(row.earlyAccessAt),
    opensAt: row.opensAt.toISOString(),
    preorderClosesAt: row.preorderClosesAt.toISOString(),
    shipsAt: row.shipsAt.toISOString(),
    perCustomerLimit: { perProduct: row.perProductLimit, perDrop: row.perDropLimit },
    freeShipping: row.freeShipping,
    limitedQuantities: row.limitedQuantities,
    admitPerMinute: row.admitPerMinute,
    checkoutMinutes: row.checkoutMinutes,
    page: row.page as DropBlock[],
    archivedAt: iso(row.archivedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type DropStaffJson = ReturnType<typeof dropStaffJson>;

/** What the audit log keeps of a drop: every field but its bookkeeping (the line's next slot moves with each joiner). */
export function dropSnapshot(row: DropRow, productIds: number[]) {
  const { updatedAt: _u, createdAt: _c, lineNextSlotAt: _l, ...rest } = row;
  return { ...rest, productIds };
}
