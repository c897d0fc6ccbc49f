import { data, Link } from "react-router";
import { adminMeta } from "~/lib/admin-meta";
import type { Route } from "./+types/admin-customer";
import { servicesContext } from "~/context";
import { OrderBadge } from "~/components/account/order-badge";
import { AdminShell, AdminTable, StatGrid, tdClass } from "~/components/admin/admin-shell";
import { requirePermission } from "~/lib/guards.server";
import { StoreCreditPanel } from "~/components/admin/store-credit-panel";
import { formatPrice } from "~/lib/money";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requirePermission(context, request, "customers.read");
  const services = context.get(servicesContext);
  try {
    const found = await services.admin.getCustomer({ email: params.email });
    // Store credit (issue 51) is kept by email: a guest's too.
    const credit = await services.storeCredit.listCredit({ email: found.customer.email });
    return { ...found, credit, canAdjustCredit: user.staff.permissions.includes("customers.credit") };
  } catch {
    throw data(null, { status: 404 });
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => adminMeta(matches, `${loaderData?.customer.name ?? "Customer"}`);

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** One customer: account state, newsletter, spend and every order. */
export default function AdminCustomer({ loaderData }: Route.ComponentProps) {
  const { customer, orders, credit, canAdjustCredit } = loaderData;
  return (
    <AdminShell title={customer.name}>
      <p className="mb-6 text-ink-muted">
        {customer.email} · {customer.account ? `account @${customer.account.username}, joined ${dateFormat.format(new Date(customer.account.joinedAt!))}` : "guest buyer (no account)"} ·{" "}
        {customer.subscribed ? "subscribed to the newsletter" : "not subscribed to the newsletter"}
      </p>
      <StatGrid
        stats={[
          ["Paid orders", customer.orders],
          ["Lifetime spend", formatPrice(customer.lifetimeSpend)],
          ["Average order", customer.orders ? formatPrice(Math.round((customer.lifetimeSpend / customer.orders) * 100) / 100) : "—"],
        ]}
      />
      <StoreCreditPanel email={customer.email} credit={credit} canAdjust={canAdjustCredit} />
      <h2 className="mb-3 mt-8 font-semibold">Orders</h2>
      {orders.length === 0 ? (
        <p className="text-ink-muted">No orders yet.</p>
      ) : (
        <AdminTable label="Orders" headers={["Order", "Placed", "Status", "Total"]}>
          {orders.map((o) => (
            <tr key={o.orderNumber}>
              <td className={tdClass}>
                <Link to={`/admin/orders/${o.orderNumber}`} className="font-semibold underline">
                  {o.orderNumber}
                </Link>
              </td>
              <td className={`${tdClass} text-ink-muted`}>{dateFormat.format(new Date(o.createdAt))}</td>
              <td className={tdClass}>
                <OrderBadge status={o.status} refunded={o.refunded} />
              </td>
              <td className={`${tdClass} tabular-nums`}>{formatPrice(o.total)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminShell>
  );
}
