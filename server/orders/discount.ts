import { and, eq, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { discountCodes } from "../db/schema";
import { AppError } from "../errors";

/** A single-use code is free again when the order holding it ended without paying. */
const holderEnded = sql`exists (select 1 from orders o where o.id = ${discountCodes.heldByOrderId} and o.status in ('canceled', 'expired', 'refunded'))`;

export interface Discount {
  code: string;
  percent: number;
  singleUse: boolean;
}

/** The discount a code gives, or a 400 when it is unknown, inactive, expired or (single-use) already spent. */
export async function findDiscount(db: Database, code: string | undefined, now: Date, { forOrderId }: { forOrderId?: string } = {}): Promise<Discount | null> {
  if (!code) return null;
  const normalized = code.toUpperCase();
  const [row] = await db
    .select({ code: discountCodes.code, percent: discountCodes.percentOff, active: discountCodes.active, expiresAt: discountCodes.expiresAt, singleUse: discountCodes.singleUse, free: sql<boolean>`${discountCodes.heldByOrderId} is null or ${holderEnded}`, heldBy: discountCodes.heldByOrderId })
    .from(discountCodes)
    .where(eq(discountCodes.code, normalized));
  if (!row || !row.active || (row.expiresAt && row.expiresAt <= now)) throw new AppError("bad_request", `The code ${normalized} is not valid`);
  if (row.singleUse && !row.free && row.heldBy !== forOrderId) throw new AppError("bad_request", `The code ${normalized} has already been used`);
  return { code: row.code, percent: row.percent, singleUse: row.singleUse };
}

/** Holds a single-use code for an order, atomically: two checkouts cannot both take it. */
export async function holdDiscount(tx: Database, discount: Discount | null, orderId: string): Promise<void> {
  if (!discount?.singleUse) return;
  const held = await tx
    .update(discountCodes)
    .set({ heldByOrderId: orderId })
    .where(and(eq(discountCodes.code, discount.code), or(sql`${discountCodes.heldByOrderId} is null`, eq(discountCodes.heldByOrderId, orderId), holderEnded)))
    .returning({ code: discountCodes.code });
  if (held.length === 0) throw new AppError("bad_request", `The code ${discount.code} has already been used`);
}
