import type { AlertService } from "../alerts/alert-service";
import type { ReturnStatus } from "../db/schema";
import type { PublicStore } from "../../shared/store-settings";
import { withDeps } from "../with-deps";
import { listRecentOrders, salesByDay } from "./admin-orders";
import { getCustomer, listCustomers } from "./customers";
import { getInvoice } from "./invoice";
import type { OrderDeps } from "./order-deps";
import type { StaffRefund } from "./refund-schemas";
import { createDiscount, listDiscounts, updateDiscount } from "./staff-discounts";
import { changeOrderStatus, getStaffOrder } from "./staff-orders";
import { refundOrder } from "./staff-refunds";
import { decideReturn, listReturns } from "./staff-returns";

export interface OrderAdminDeps extends OrderDeps {
  /** The seller as the settings say now, printed on invoices. */
  store: () => Promise<PublicStore>;
  afterStockChange: AlertService["afterStockChange"];
}

/** Staff's orders (/admin/orders, /admin/customers, /admin/discounts): statuses, refunds, returns, discounts, sales. */
export function createOrderAdmin({ store, afterStockChange: restocking, ...orderDeps }: OrderAdminDeps) {
  const { db, now } = orderDeps;
  return {
    listOrders: withDeps({ db }, listRecentOrders),
    getOrder: withDeps({ db }, getStaffOrder),
    getInvoice: (args: { orderNumber: string }) => getInvoice({ db, store, ...args }),
    // Whatever can put stock back on sale kicks the back-in-stock sender (the minute sweep catches the rest).
    changeOrderStatus: restocking(withDeps(orderDeps, changeOrderStatus)),
    /** Refunds, then answers with the order as staff see it. */
    refundOrder: restocking(async (args: { orderNumber: string; input: StaffRefund; actor: string }) => {
      await refundOrder({ ...orderDeps, ...args });
      return getStaffOrder({ db, orderNumber: args.orderNumber });
    }),
    salesByDay: () => salesByDay({ db, now }),
    listDiscounts: () => listDiscounts({ db }),
    createDiscount: withDeps({ db, now }, createDiscount),
    updateDiscount: withDeps({ db, now }, updateDiscount),
    listReturns: (args: { status?: ReturnStatus } = {}) => listReturns({ db, ...args }),
    decideReturn: restocking(withDeps(orderDeps, decideReturn)),
    listCustomers: withDeps({ db }, listCustomers),
    getCustomer: withDeps({ db }, getCustomer),
  };
}

export type OrderAdmin = ReturnType<typeof createOrderAdmin>;
