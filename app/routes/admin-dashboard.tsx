import { Download } from "lucide-react";
import { adminMeta } from "~/lib/admin-meta";
import { Link } from "react-router";
import type { Route } from "./+types/admin-dashboard";
import { servicesContext } from "~/context";
import { OrderBadge } from "~/components/account/order-badge";
import { AdminShell } from "~/components/admin/admin-shell";
import { SalesChart } from "~/components/admin/sales-chart";
import { secondaryButtonClass } from "~/components/layout/status-screen";
import { requirePermission } from "~/lib/guards.server";
import { can } from "../../shared/staff-permissions";
import { useUser } from "~/lib/session";
import { formatPrice } from "~/lib/money";

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, "orders.read");
  const { admin, jobs: jobQueue } = context.get(servicesContext);
  const [sales, recent, jobs] = await Promise.all([admin.salesByDay(), admin.listOrders({}), jobQueue.counts().catch(() => null)]);
  return { sales, recent: recent.orders.slice(0, 8), failedJobs: jobs?.failed ?? 0 };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Dashboard");

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { sales, recent, failedJobs } = loaderData;
  const user = useUser();
  const revenue = sales.reduce((sum, d) => sum + d.revenue, 0);
  const orders = sales.reduce((sum, d) => sum + d.orders, 0);
  return (
    <AdminShell
      title="Dashboard"
      actions={
        can(user, "customers.export") && (
          <a href="/api/admin/newsletter.csv" className={secondaryButtonClass} download>
            <Download aria-hidden="true" className="size-4" /> Export subscribers (CSV)
          </a>
        )
      }
    >
      {failedJobs > 0 && (
        <p role="status" className="mb-6 rounded-2xl border border-red-700 p-4 text-sm text-red-700 dark:border-red-400 dark:text-red-400">
          <strong>{failedJobs === 1 ? "A background job failed" : `${failedJobs} background jobs failed`}</strong> after every retry.{" "}
          <Link to="/admin/jobs" className="font-semibold underline">
            See what failed and retry
          </Link>
        </p>
      )}
      <dl className="grid gap-4 sm:grid-cols-3">
        <Stat label="Revenue, last 30 days" value={formatPrice(revenue)} />
        <Stat label="Paid orders, last 30 days" value={String(orders)} />
        <Stat label="Average order" value={orders ? formatPrice(Math.round((revenue / orders) * 100) / 100) : "—"} />
      </dl>
      <section aria-labelledby="sales-heading" className="mt-8 rounded-3xl border border-line p-6">
        <h2 id="sales-heading" className="mb-4 font-semibold">
          Revenue per day
        </h2>
        <SalesChart days={sales} />
      </section>
      <section aria-labelledby="recent-heading" className="mt-8">
        <div className="mb-3 flex items-center justify-between">
          <h2 id="recent-heading" className="font-semibold">
            Latest orders
          </h2>
          <Link to="/admin/orders" className="text-sm font-semibold underline">
            All orders
          </Link>
        </div>
        <ul className="divide-y divide-line rounded-2xl border border-line">
          {recent.map((o) => (
            <li key={o.orderNumber}>
              <Link to={`/admin/orders/${o.orderNumber}`} className="flex flex-wrap items-center gap-4 px-4 py-3 text-sm hover:bg-surface-muted">
                <span className="font-medium">{o.orderNumber}</span>
                <span className="text-ink-muted">{o.email}</span>
                <OrderBadge status={o.status} refunded={o.refunded} />
                <span className="ml-auto tabular-nums">{formatPrice(o.total)}</span>
              </Link>
            </li>
          ))}
          {recent.length === 0 && <li className="px-4 py-6 text-sm text-ink-muted">No orders yet.</li>}
        </ul>
      </section>
    </AdminShell>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl bg-surface-muted p-5">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="mt-1 font-display text-2xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}
