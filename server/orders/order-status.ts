import type { OrderStatus } from "../db/schema";
import { AppError } from "../errors";

/**
 * DESIGN §4: pending → paid → processing → shipped → delivered, with the side exits failed, canceled, expired,
 * and refunded (paid too late to keep, or every cent given back by staff or for returns). A failed payment can still
 * be retried while its reservation lasts.
 */
const transitions: Record<OrderStatus, OrderStatus[]> = {
  pending: ["paid", "failed", "canceled", "expired", "refunded"],
  failed: ["paid", "failed", "canceled", "expired", "refunded"],
  expired: ["paid", "refunded"],
  canceled: ["paid", "refunded"],
  paid: ["processing", "canceled", "refunded"],
  processing: ["shipped", "canceled", "refunded"],
  shipped: ["delivered", "refunded"],
  delivered: ["refunded"],
  refunded: [],
};

export const PAID_STATUSES: OrderStatus[] = ["paid", "processing", "shipped", "delivered"];

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return transitions[from].includes(to);
}

export function assertTransition(from: OrderStatus, to: OrderStatus): void {
  if (!canTransition(from, to)) throw new AppError("conflict", `An order that is ${from} cannot become ${to}`);
}

export function isPaid(status: OrderStatus): boolean {
  return PAID_STATUSES.includes(status);
}
