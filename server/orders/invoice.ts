import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { PublicStore } from "../../shared/store-settings";
import type { Database } from "../db/client";
import { orderItems, orders, type OrderStatus } from "../db/schema";
import { AppError } from "../errors";
import { type Charge, orderCharges } from "./order-charges";
import { shippingAddressOf } from "./order-json";
import { listRefunds } from "./refunds";
import { listOrderTaxLines, summarizeTaxLines } from "./tax-lines";

/** "VS-1042" → "INV-VS-1042": one invoice per paid order, numbered after it (no second counter to keep in step). */
export const invoiceNumber = (orderNumber: string) => `INV-${orderNumber}`;

/** A paid order's invoice, every amount in cents as stored (DESIGN §10: nothing is recomputed). */
export interface Invoice {
  number: string;
  orderNumber: string;
  status: OrderStatus;
  orderedAt: string;
  paidAt: string;
  /** Who sells: the store's settings as they are now (issue 27), read when the invoice is shown. */
  seller: Pick<PublicStore, "name" | "legalName" | "address" | "supportEmail" | "phone" | "logo">;
  /** The order keeps no billing address: the invoice is made out to the buyer's name and email. */
  billTo: { name: string; email: string };
  shipTo: { name: string; line1: string; line2: string | null; city: string; region: string; postalCode: string; country: string };
  lines: { id: number; name: string; color: string | null; size: string; quantity: number; unitCents: number; totalCents: number }[];
  /** Subtotal, discount, shipping with its method and each tax, as the emails and order pages show them (order-charges.ts). */
  charges: Charge[];
  /** Each tax and rate with what it was charged on: the stored lines summed per tax and rate (summarizeTaxLines). */
  taxes: { label: string; jurisdiction: string; rate: string; taxableCents: number; taxCents: number }[];
  taxIncluded: boolean;
  totalCents: number;
  refunds: { id: string; at: string; cents: number; reason: string; status: "pending" | "issued" }[];
  refundedCents: number;
}

/**
 * The invoice of a paid order: a shopper's own (`userId`), or any for staff (no `userId`). An unpaid order has none,
 * and someone else's order is a 404 like a missing one.
 */
export async function getInvoice({ db, store, orderNumber, userId }: { db: Database; store: () => Promise<PublicStore>; orderNumber: string; userId?: string }): Promise<Invoice> {
  const owner = userId === undefined ? undefined : eq(orders.userId, userId);
  const [order] = await db.select().from(orders).where(and(eq(orders.orderNumber, orderNumber), isNotNull(orders.paidAt), owner));
  if (!order?.paidAt) throw new AppError("not_found", "Invoice not found");
  const [items, taxLines, refundRows, seller] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
    listOrderTaxLines(db, [order.id]),
    listRefunds(db, [order.id]),
    store(),
  ]);
  return {
    number: invoiceNumber(order.orderNumber),
    orderNumber: order.orderNumber,
    status: order.status,
    orderedAt: order.createdAt.toISOString(),
    paidAt: order.paidAt.toISOString(),
    seller: { name: seller.name, legalName: seller.legalName, address: seller.address, supportEmail: seller.supportEmail, phone: seller.phone, logo: seller.logo },
    billTo: { name: order.shippingName, email: order.email },
    shipTo: shippingAddressOf(order),
    lines: items.map((i) => ({ id: i.id, name: i.name, color: i.color, size: i.size, quantity: i.quantity, unitCents: i.unitPriceCents, totalCents: i.unitPriceCents * i.quantity })),
    charges: orderCharges(order, taxLines),
    taxes: summarizeTaxLines(taxLines).map((t) => ({ label: t.name, jurisdiction: t.jurisdiction, rate: t.rate, taxableCents: t.taxableCents, taxCents: t.cents })),
    taxIncluded: order.taxIncluded,
    totalCents: order.totalCents,
    refunds: refundRows.map((r) => ({ id: r.id, at: r.createdAt.toISOString(), cents: r.amountCents, reason: r.reason, status: r.status })),
    refundedCents: order.refundedCents,
  };
}
