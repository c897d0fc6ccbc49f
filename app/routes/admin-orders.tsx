import { Form, Link } from "react-router";
import { adminMeta } from "~/lib/admin-meta";
import type { Route } from "./+types/admin-orders";
import { servicesContext } from "~/context";
import { OrderBadge } from "~/components/account/order-badge";
import { AdminShell, AdminTable, tdClass } from "~/components/admin/admin-shell";
import { buttonClass } from "~/components/layout/status-screen";
import { requirePermission } from "~/lib/guards.server";
import { formatPrice } from "~/lib/money";

const STATUSES = ["pending", "paid", "processing", "shipped", "delivered", "failed", "canceled", "expired", "refunded"] as const;
type Status = (typeof STATUSES)[number];

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, "orders.read");
  const params = new URL(request.url).searchParams;
  const status = STATUSES.find((s) => s === params.get("status")) as Status | undefined;
  const q = params.get("q")?.trim().slice(0, 100) || undefined;
  const page = Math.max(1, Math.min(10_000, Number(params.get("page")) || 1));
  return { ...(await context.get(servicesContext).admin.listOrders({ status, q, page })), status: status ?? "", q: q ?? "" };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Orders");

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** Staff: orders by status, or found by number or email. */
export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { orders, total, status, q, page, pageSize } = loaderData;
  return (
    <AdminShell title="Orders">
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="q" className="block text-sm font-medium">
            Order number or email
          </label>
          <input id="q" name="q" defaultValue={q} type="search" className="mt-1 h-10 w-64 rounded-xl border border-line bg-surface px-3 text-sm" />
        </div>
        <div>
          <label htmlFor="status" className="block text-sm font-medium">
            Status
          </label>
          <select id="status" name="status" defaultValue={status} className="mt-1 h-10 rounded-xl border border-line bg-surface px-3 text-sm">
            <option value="">Any</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={`${buttonClass} h-10`}>
          Show
        </button>
      </Form>
      <p className="mb-3 text-sm text-ink-muted">
        {total} {total === 1 ? "order" : "orders"}
        {total > pageSize && ` · page ${page} of ${Math.ceil(total / pageSize)}`}
      </p>
      <AdminTable label="Table" headers={["Order", "Placed", "Customer", "Status", "Total"]}>
        {orders.map((o) => (
          <tr key={o.orderNumber}>
            <td className={tdClass}>
              <Link to={`/admin/orders/${o.orderNumber}`} className="font-semibold underline">
                {o.orderNumber}
              </Link>
            </td>
            <td className={`${tdClass} text-ink-muted`}>{dateFormat.format(new Date(o.createdAt))}</td>
            <td className={tdClass}>
              {o.name}
              <br />
              <span className="text-ink-muted">{o.email}</span>
            </td>
            <td className={tdClass}>
              <OrderBadge status={o.status} refunded={o.refunded} />
            </td>
            <td className={`${tdClass} tabular-nums`}>{formatPrice(o.total)}</td>
          </tr>
        ))}
      </AdminTable>
    </AdminShell>
  );
}
