import { count, desc, eq } from "drizzle-orm";
import { toDollars } from "../catalog/product-json";
import type { Database } from "../db/client";
import { orders, type OrderStatus } from "../db/schema";

const PAGE_SIZE = 50;

/** Staff view of recent orders, newest first, optionally by status. */
export async function listRecentOrders({ db, status, page = 1 }: { db: Database; status?: OrderStatus; page?: number }) {
  const where = status ? eq(orders.status, status) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(orders).where(where).orderBy(desc(orders.createdAt)).limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    page,
    orders: rows.map((o) => ({
      orderNumber: o.orderNumber,
      status: o.status,
      email: o.email,
      name: o.shippingName,
      total: toDollars(o.totalCents),
      createdAt: o.createdAt.toISOString(),
      paidAt: o.paidAt?.toISOString() ?? null,
    })),
  };
}
