import { ArrowRight, Download } from "lucide-react";
import type { ReactNode } from "react";
import { adminMeta } from "~/lib/admin-meta";
import { Link } from "react-router";
import type { Route } from "./+types/admin-dashboard";
import { servicesContext } from "~/context";
import { OrderBadge } from "~/components/account/order-badge";
import { AdminShell } from "~/components/admin/admin-shell";
import { change, formatDay } from "~/components/admin/report-frame";
import { SalesOverTimeChart } from "~/components/admin/sales-over-time-chart";
import { secondaryButtonClass } from "~/components/layout/status-screen";
import { requirePermission } from "~/lib/guards.server";
import { can } from "../../shared/staff-permissions";
import { useUser } from "~/lib/session";
import { formatPrice } from "~/lib/money";
import type { DashboardFigures } from "../../server/reports/dashboard";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requirePermission(context, request, "orders.read");
  const { admin, jobs: jobQueue, reports } = context.get(servicesContext);
  // The figures are the reports' own: only for those who may read the reports.
  const [dashboard, recent, jobs] = await Promise.all([user.staff.permissions.includes("reports.read") ? reports.dashboard() : null, admin.listOrders({}), jobQueue.counts().catch(() => null)]);
  return { dashboard, recent: recent.orders.slice(0, 8), failedJobs: jobs?.failed ?? 0 };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Dashboard");

const money = (cents: number) => formatPrice(cents / 100);
const percent = (v: number | null) => (v === null ? "—" : `${v.toFixed(1)}%`);

/** Reports → Dashboard (issue 52): today and the last 7 days against the 7 before, each figure linking to its report. */
export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { dashboard, recent, failedJobs } = loaderData;
  const user = useUser();
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
      {dashboard && <Figures dashboard={dashboard} />}
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

type DashboardData = NonNullable<Route.ComponentProps["loaderData"]["dashboard"]>;

function Figures({ dashboard }: { dashboard: DashboardData }) {
  const { today, week, weekBefore } = dashboard;
  const day = `range=custom&from=${today.day}&to=${today.day}`;
  const lastWeek = "range=last-7&compare=previous";
  const tiles = (f: DashboardFigures, query: string, before?: DashboardFigures) => [
    { label: "Net sales", value: money(f.netSalesCents), was: before && money(before.netSalesCents), delta: before && change(f.netSalesCents, before.netSalesCents), to: `/admin/reports/sales?${query}` },
    { label: "Orders", value: f.orders.toLocaleString("en-US"), was: before?.orders.toLocaleString("en-US"), delta: before && change(f.orders, before.orders), to: `/admin/reports/sales?${query}` },
    { label: "Conversion", value: percent(f.conversionPercent), was: before && percent(before.conversionPercent), delta: null, to: `/admin/reports/funnel?${query}` },
  ];
  return (
    <>
      <section aria-labelledby="today-heading">
        <h2 id="today-heading" className="mb-3 font-semibold">
          Today <span className="font-normal text-ink-muted">({formatDay(today.day)})</span>
        </h2>
        <Tiles tiles={tiles(today, day)} />
      </section>
      <section aria-labelledby="week-heading" className="mt-8">
        <h2 id="week-heading" className="mb-3 font-semibold">
          Last 7 days{" "}
          <span className="font-normal text-ink-muted">
            ({formatDay(week.from)} – {formatDay(week.to)}, against {formatDay(weekBefore.from)} – {formatDay(weekBefore.to)})
          </span>
        </h2>
        <Tiles tiles={tiles(week, lastWeek, weekBefore)} />
        <div className="mt-4 rounded-3xl border border-line p-6">
          <h3 className="mb-4 text-sm font-semibold">Net sales per day, the week before paler</h3>
          <SalesOverTimeChart
            label="Net sales per day of the last 7 days beside the same weekday of the week before; the figures are in Sales over time"
            points={dashboard.days.map((d) => ({ label: formatDay(d.day).replace(/, \d{4}$/, ""), cents: d.netSalesCents, compareCents: d.weekBeforeCents }))}
          />
        </div>
      </section>
      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-2">
        <Panel title="Top products, last 7 days" id="top-heading" link={{ to: "/admin/reports/products?range=last-7&groupBy=product", label: "Sales by product" }}>
          {dashboard.topProducts.length ? (
            <ol className="divide-y divide-line">
              {dashboard.topProducts.map((p) => (
                <li key={p.key} className="flex items-center gap-3 py-2 text-sm">
                  <span className="min-w-0 flex-1 truncate">{p.name}</span>
                  <span className="text-ink-muted tabular-nums">{p.units} sold</span>
                  <span className="w-24 text-right font-medium tabular-nums">{money(p.netSalesCents)}</span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-ink-muted">Nothing sold in the last 7 days.</p>
          )}
        </Panel>
        <Panel title="Low stock" id="low-heading" link={{ to: "/admin/reports/sell-through?range=last-7&sort=cover", label: "Sell-through, fewest days of cover first" }}>
          {dashboard.lowStock.length ? (
            <ol className="divide-y divide-line">
              {dashboard.lowStock.map((v) => (
                <li key={v.variantId} className="flex flex-wrap items-center gap-x-3 gap-y-0.5 py-2 text-sm">
                  <Link to={`/admin/products/${v.productId}`} className="min-w-0 basis-full truncate underline-offset-2 hover:underline sm:flex-1 sm:basis-0">
                    {v.name} — {v.color} / {v.size}
                  </Link>
                  <span className="font-medium tabular-nums">{v.onHand} left</span>
                  <span className="ml-auto text-right text-ink-muted tabular-nums sm:ml-0 sm:w-28">{v.daysOfCover === null ? "none sold" : `${v.daysOfCover} days' cover`}</span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm text-ink-muted">No variant is down to 5 units or under a week of cover.</p>
          )}
        </Panel>
      </div>
    </>
  );
}

function Tiles({ tiles }: { tiles: { label: string; value: string; was?: string; delta?: string | null; to: string }[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
      {tiles.map((t) => (
        <li key={t.label}>
          <Link to={t.to} className="block h-full rounded-2xl bg-surface-muted p-5 hover:ring-2 hover:ring-line focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500">
            <span className="text-sm text-ink-muted">{t.label}</span>
            <span className="mt-1 block font-display text-2xl font-bold tabular-nums">{t.value}</span>
            {t.was !== undefined && (
              <span className="mt-1 block text-xs text-ink-muted">
                against {t.was}
                {t.delta ? ` (${t.delta})` : ""}
              </span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Panel({ title, id, link, children }: { title: string; id: string; link: { to: string; label: string }; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-3xl border border-line p-5 sm:p-6">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="font-semibold">
          {title}
        </h2>
        <Link to={link.to} className="inline-flex items-center gap-1 text-sm font-semibold underline">
          {link.label} <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      {children}
    </section>
  );
}
