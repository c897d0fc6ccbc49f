import { Package } from "lucide-react";
import { Link } from "react-router";
import type { AccountOrder } from "../../../server/orders/order-status-types";
import { buttonClass } from "~/components/layout/status-screen";
import { formatPrice } from "~/lib/money";
import { OrderBadge } from "./order-badge";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

export function OrdersTab({ orders }: { orders: AccountOrder[] }) {
  if (orders.length === 0) {
    return (
      <div className="rounded-3xl bg-surface-muted px-6 py-12 text-center">
        <Package aria-hidden="true" className="mx-auto size-10 text-ink-muted" />
        <p className="mt-3 font-semibold">No orders yet</p>
        <p className="mt-1 text-sm text-ink-muted">When you place an order while signed in, it shows up here.</p>
        <Link to="/products" className={`${buttonClass} mt-6`}>
          Start Shopping
        </Link>
      </div>
    );
  }
  return (
    <ul className="space-y-3">
      {orders.map((order) => (
        <li key={order.orderNumber}>
          <Link to={`/account/orders/${order.orderNumber}`} className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-2xl border border-line p-4 hover:border-ink">
            <span className="font-semibold">{order.orderNumber}</span>
            <span className="text-sm text-ink-muted">{dateFormat.format(new Date(order.createdAt))}</span>
            <OrderBadge status={order.status} refunded={order.refunded} />
            <span className="text-sm text-ink-muted">
              {order.itemCount} {order.itemCount === 1 ? "item" : "items"}: {order.items.map((i) => i.product.name).join(", ")}
            </span>
            <span className="ml-auto font-semibold tabular-nums">{formatPrice(order.totalAmount)}</span>
            {order.edits.length > 0 && (
              <span className="basis-full text-sm text-ink-muted">
                {order.edits.map((e) => `Changed by ${e.by} on ${dateFormat.format(new Date(e.at))}: ${e.changes.join("; ")}${e.status === "awaiting_payment" ? " (waiting for your payment)" : e.status === "applied" ? "" : " (not made)"}`).join(" · ")}
              </span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
