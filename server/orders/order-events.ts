import type { Database } from "../db/client";
import { orderEvents, type OrderStatus } from "../db/schema";

/** Who changed an order: "shopper", "payment", "system" (expiry), or "staff:{username}". */
export type Actor = string;

export async function recordOrderEvent(
  tx: Database,
  event: { orderId: string; from: OrderStatus | null; to: OrderStatus; actor: Actor; note?: string | null; at: Date },
): Promise<void> {
  await tx.insert(orderEvents).values({ orderId: event.orderId, fromStatus: event.from, toStatus: event.to, actor: event.actor, note: event.note ?? null, createdAt: event.at });
}
