import { eq } from "drizzle-orm";
import type { AlertService } from "../alerts/alert-service";
import { type CatalogChanges, publishingChangedProducts } from "../cache/catalog-changes";
import type { Database } from "../db/client";
import { orders, type OrderItemRow } from "../db/schema";
import type { OrderDeps } from "../orders/order-deps";
import { toOrderAnswer } from "../orders/order-json";
import { getStaffOrder } from "../orders/staff-orders";
import { withDeps } from "../with-deps";
import { editOrder } from "./edit-order";
import { getEditPayment } from "./edit-payment-page";
import type { PlannedOrder } from "./edit-plan";
import { applyPaidEdit, expireEdits } from "./settle-edit";

export interface OrderEditsDeps extends OrderDeps {
  catalogChanges: CatalogChanges;
  alerts: Pick<AlertService, "afterStockChange">;
}

/** Order edits (issue 51): staff's edit and its preview, the shopper's payment link, the sweep of lapsed edits. */
export function createOrderEditsService({ catalogChanges, alerts, ...orderDeps }: OrderEditsDeps) {
  const { db } = orderDeps;
  // An edit moves stock: the products it touched are published, and what it put back on sale kicks the alerts.
  const moving = <A extends unknown[], R>(fn: (...args: A) => Promise<R>) => alerts.afterStockChange(publishingChangedProducts(catalogChanges, fn));
  const edit = moving(withDeps(orderDeps, editOrder));
  return {
    /** POST /api/admin/orders/{orderNumber}/edits: `{edit, order}`, the order as staff see it (as it would be, for a preview). */
    async editOrder(args: Omit<Parameters<typeof editOrder>[0], keyof OrderDeps>) {
      const { edit: answer, plan } = await edit(args);
      const order = await getStaffOrder({ db, orderNumber: args.orderNumber });
      return { edit: answer, order: args.preview ? await previewOf(db, order, plan) : order };
    },
    /** The payment link's page; a payment made whose event hasn't come is applied here (the event then changes nothing). */
    getEditPayment: moving((args: { token: string }) => getEditPayment({ db, payments: orderDeps.payments, applyPaid: (paymentIntentId) => applyPaidEdit({ ...orderDeps, paymentIntentId }), ...args })),
    expireEdits: moving(() => expireEdits(orderDeps)),
  };
}

/** The staff order answer with the planned lines, totals, tax and address in place of the stored ones. */
async function previewOf(db: Database, staff: Awaited<ReturnType<typeof getStaffOrder>>, plan: PlannedOrder) {
  const [row] = await db.select().from(orders).where(eq(orders.orderNumber, staff.order.orderNumber));
  const a = plan.address;
  const order = { ...row!, ...plan.totals, shippingName: a.name, shippingLine1: a.line1, shippingLine2: a.line2, shippingCity: a.city, shippingRegion: a.region, shippingPostalCode: a.postalCode, shippingCountry: a.country };
  const items: OrderItemRow[] = plan.lines.map((l) => ({ ...l, id: l.itemId ?? 0, orderId: order.id, refundedQuantity: 0, giftCard: false, giftRecipientEmail: null, giftMessage: null, giftSendAt: null }));
  const taxLines = plan.taxLines.map((t, id) => ({ ...t, id, orderId: order.id, orderItemId: t.line === null ? null : items[t.line]!.id, country: plan.destination.country, subdivision: plan.destination.subdivision, refundedCents: 0, refundedTaxableCents: 0 }));
  return { ...staff, ...toOrderAnswer(order, items, taxLines), shipping: { line1: a.line1, line2: a.line2, city: a.city, region: a.region, postalCode: a.postalCode, country: a.country } };
}

export type OrderEditsService = ReturnType<typeof createOrderEditsService>;
