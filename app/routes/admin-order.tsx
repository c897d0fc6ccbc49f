import { useState } from "react";
import { adminMeta } from "~/lib/admin-meta";
import { data, Link, useRevalidator } from "react-router";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/admin-order";
import { servicesContext } from "~/context";
import { OrderBadge } from "~/components/account/order-badge";
import { AdminShell } from "~/components/admin/admin-shell";
import { OrderDetails } from "~/components/checkout/order-details";
import { ShipForm, type ShipmentInput } from "~/components/admin/ship-form";
import { RefundForm } from "~/components/admin/refund-form";
import { OrderEditor } from "~/components/admin/order-editor";
import { OrderEdits } from "~/components/orders/order-edits";
import { can } from "../../shared/staff-permissions";
import { useUser } from "~/lib/session";
import { ReturnActions } from "~/components/admin/return-actions";
import { formatPrice } from "~/lib/money";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import { apiRequest, ApiError } from "~/lib/api";
import { requirePermission } from "~/lib/guards.server";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requirePermission(context, request, "orders.read");
  if (!/^VS-\d{1,12}$/.test(params.orderNumber)) throw data(null, { status: 404 });
  try {
    return await context.get(servicesContext).admin.getOrder({ orderNumber: params.orderNumber });
  } catch {
    throw data(null, { status: 404 });
  }
}

export const handle = { breadcrumb: (d: { order?: { orderNumber: string } } | undefined) => d?.order?.orderNumber };
export const meta: Route.MetaFunction = ({ params, matches }) => adminMeta(matches, `${params.orderNumber}`);

const labels: Record<string, string> = { processing: "Mark processing", shipped: "Mark shipped", delivered: "Mark delivered", canceled: "Cancel and refund" };
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const order = loaderData;
  const user = useUser();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [shipping, setShipping] = useState(false);
  const [editing, setEditing] = useState(false);
  async function change(status: string, shipment?: ShipmentInput) {
    if (status === "shipped" && !shipment) return setShipping(true);
    if (status === "canceled" && !window.confirm(`Cancel ${order.order.orderNumber}, return its stock and refund the payment?`)) return;
    setBusy(true);
    try {
      await apiRequest("POST", `/api/admin/orders/${order.order.orderNumber}/status`, { status, shipment });
      toast.success(`Order ${status}`, { description: shipment ? "The shopper has been emailed the tracking link." : undefined });
      setShipping(false);
      await revalidator.revalidate();
    } catch (error) {
      toast.error("Couldn't change the order", { description: error instanceof ApiError ? error.detail : undefined });
    } finally {
      setBusy(false);
    }
  }
  // The server refuses these without the permission; leave them out (canceling a paid order refunds it).
  const canRefund = can(user, "refunds");
  const canEdit = can(user, "orders.edit") && order.editBlocked === null;
  return (
    <AdminShell
      title={`Order ${order.order.orderNumber}`}
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <OrderBadge status={order.order.status} refunded={order.order.refunded} />
          {order.payment.paidAt && (
            <Link to={`/admin/orders/${order.order.orderNumber}/invoice`} className={`${secondaryButtonClass} h-10`}>
              Invoice
            </Link>
          )}
          {canEdit && !editing && (
            <button type="button" onClick={() => setEditing(true)} className={`${secondaryButtonClass} h-10`}>
              Edit order
            </button>
          )}
          {order.nextStatuses.filter((s) => !(shipping && s === "shipped") && (s !== "canceled" || canRefund)).map((s) => (
            <button key={s} type="button" disabled={busy} onClick={() => change(s)} className={`${s === "canceled" ? secondaryButtonClass : buttonClass} h-10 disabled:opacity-50`}>
              {labels[s]}
            </button>
          ))}
        </div>
      }
    >
      {shipping && (
        <div className="mb-8">
          <ShipForm busy={busy} onShip={(shipment) => change("shipped", shipment)} onCancel={() => setShipping(false)} />
        </div>
      )}
      {editing && canEdit && (
        <div className="mb-8">
          <OrderEditor orderNumber={order.order.orderNumber} lines={order.items} shipping={order.shipping} customerName={order.customer.name} total={order.order.totalAmount} onClose={() => setEditing(false)} />
        </div>
      )}
      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <OrderDetails answer={order} nextSteps={false} />
        <aside className="space-y-6 text-sm">
          {canRefund && order.refundable > 0 && <RefundForm orderNumber={order.order.orderNumber} lines={order.items} refundable={order.refundable} />}
          {order.edits.length > 0 && <OrderEdits edits={order.edits} />}
          {order.refunds.length > 0 && (
            <section className="rounded-2xl border border-line p-5">
              <h2 className="font-semibold">Refunds</h2>
              <ul className="mt-3 space-y-2">
                {order.refunds.map((r) => (
                  <li key={r.id}>
                    <p className="font-medium tabular-nums">
                      {formatPrice(r.amount)} <span className="font-normal text-ink-muted">· {r.status === "issued" ? "sent" : "waiting for the payment provider"}</span>
                    </p>
                    <p className="text-ink-muted">
                      {r.reason} · {dateFormat.format(new Date(r.at))}
                    </p>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {order.returns.length > 0 && (
            <section className="rounded-2xl border border-line p-5">
              <h2 className="font-semibold">Returns</h2>
              <ul className="mt-3 space-y-4">
                {order.returns.map((r) => (
                  <li key={r.returnNumber} className="space-y-2">
                    <p className="font-medium">
                      {r.returnNumber} · <span className="capitalize">{r.status}</span>
                      {r.refund !== null && ` · ${formatPrice(r.refund)} refunded`}
                    </p>
                    <p className="text-ink-muted">
                      {r.items.map((i) => `${i.quantity} × ${i.name} (${i.color}, ${i.size})`).join(", ")}: “{r.reason}”
                    </p>
                    {canRefund && <ReturnActions returnNumber={r.returnNumber} status={r.status} />}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section className="rounded-2xl bg-surface-muted p-5">
            <h2 className="font-semibold">Customer</h2>
            <p className="mt-2">
              <Link to={`/admin/customers/${encodeURIComponent(order.customer.email.toLowerCase())}`} className="font-semibold underline">
                {order.customer.name}
              </Link>
            </p>
            <p className="text-ink-muted">{order.customer.email}</p>
            <address className="mt-2 not-italic leading-6">
              {order.shipping.line1}
              {order.shipping.line2 && <>, {order.shipping.line2}</>}
              <br />
              {order.shipping.city}, {order.shipping.region} {order.shipping.postalCode}, {order.shipping.country}
            </address>
          </section>
          <section className="rounded-2xl bg-surface-muted p-5">
            <h2 className="font-semibold">Payment</h2>
            <p className="mt-2">
              {order.payment.provider === "stripe" ? "Stripe" : "Test provider"} · {order.payment.intentId}
            </p>
            {order.payment.paidAt && <p className="text-ink-muted">Paid {dateFormat.format(new Date(order.payment.paidAt))}</p>}
          </section>
          <section className="rounded-2xl border border-line p-5">
            <h2 className="font-semibold">History</h2>
            <ol className="mt-3 space-y-3">
              {order.history.map((h, i) => (
                <li key={i}>
                  <p className="font-medium capitalize">{h.to}</p>
                  <p className="text-ink-muted">
                    {dateFormat.format(new Date(h.at))} · {h.actor}
                  </p>
                  {h.note && <p className="text-ink-muted">{h.note}</p>}
                </li>
              ))}
            </ol>
          </section>
        </aside>
      </div>
    </AdminShell>
  );
}
