import { asc, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { orderEdits } from "../db/schema";
import type { OrderEditNote } from "./order-status-types";

/**
 * Staff edits of these orders, oldest first, by order (issue 51), as the shopper's pages show them. `maskAddress`: a
 * new address is only named as changed (the guest lookup masks the address, decision 0056).
 */
export async function editNotesOf(db: Pick<Database, "select">, orderIds: string[], { maskAddress = false } = {}): Promise<Map<string, OrderEditNote[]>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.select().from(orderEdits).where(inArray(orderEdits.orderId, orderIds)).orderBy(asc(orderEdits.createdAt));
  const byOrder = new Map<string, OrderEditNote[]>();
  for (const e of rows) {
    const changes = maskAddress ? e.summary.map((c) => (c.startsWith("Ships to ") ? "Shipping address changed" : c)) : e.summary;
    byOrder.set(e.orderId, [...(byOrder.get(e.orderId) ?? []), { status: e.status, changes, differenceCents: e.differenceCents, by: e.actorName, at: e.createdAt.toISOString() }]);
  }
  return byOrder;
}
