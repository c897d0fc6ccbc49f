import type { Route } from "./+types/admin-orders";
import { servicesContext } from "~/context";
import { OrderBadge } from "~/components/account/order-badge";
import { requireAdmin } from "~/lib/guards.server";
import { formatPrice } from "~/lib/money";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return context.get(servicesContext).admin.listOrders({});
}

export const meta = () => [{ title: "Orders | VSOP Admin" }, { name: "robots", content: "noindex" }];

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** Staff: the latest orders and their state. */
export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { orders, total } = loaderData;
  return (
    <div className="container-page pb-8 pt-6">
      <h1 className="font-display text-3xl font-bold tracking-tight">Orders</h1>
      <p className="mt-2 text-ink-muted">{total} orders in all; the latest 50 are shown.</p>
      <div className="mt-6 overflow-x-auto rounded-2xl border border-line">
        <table className="w-full text-left text-sm">
          <thead className="bg-surface-muted">
            <tr>
              {["Order", "Placed", "Customer", "Status", "Total"].map((h) => (
                <th key={h} scope="col" className="px-4 py-3 font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {orders.map((o) => (
              <tr key={o.orderNumber}>
                <td className="px-4 py-3 font-medium">{o.orderNumber}</td>
                <td className="px-4 py-3 text-ink-muted">{dateFormat.format(new Date(o.createdAt))}</td>
                <td className="px-4 py-3">
                  {o.name}
                  <br />
                  <span className="text-ink-muted">{o.email}</span>
                </td>
                <td className="px-4 py-3">
                  <OrderBadge status={o.status} />
                </td>
                <td className="px-4 py-3 tabular-nums">{formatPrice(o.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
