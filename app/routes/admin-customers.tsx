import { Form, Link } from "react-router";
import { adminMeta } from "~/lib/admin-meta";
import type { Route } from "./+types/admin-customers";
import { servicesContext } from "~/context";
import { AdminShell, AdminTable, tdClass } from "~/components/admin/admin-shell";
import { buttonClass } from "~/components/layout/status-screen";
import { requirePermission } from "~/lib/guards.server";
import { formatPrice } from "~/lib/money";

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, "customers.read");
  const params = new URL(request.url).searchParams;
  const q = params.get("q")?.trim().slice(0, 100) || undefined;
  const page = Math.max(1, Math.min(10_000, Number(params.get("page")) || 1));
  return { ...(await context.get(servicesContext).admin.listCustomers({ q, page })), q: q ?? "" };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Customers");

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** Staff: every account and guest buyer, biggest spenders first, found by name or email. */
export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { customers, total, q, page, pageSize } = loaderData;
  return (
    <AdminShell title="Customers">
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="customer-q" className="block text-sm font-medium">
            Name or email
          </label>
          <input id="customer-q" name="q" defaultValue={q} type="search" className="mt-1 h-10 w-72 rounded-xl border border-line bg-surface px-3 text-sm" />
        </div>
        <button type="submit" className={`${buttonClass} h-10`}>
          Find
        </button>
      </Form>
      <p className="mb-3 text-sm text-ink-muted">
        {total} {total === 1 ? "customer" : "customers"}
        {total > pageSize && ` · page ${page} of ${Math.ceil(total / pageSize)}`}
      </p>
      {customers.length === 0 ? (
        <p className="text-ink-muted">{q ? `Nobody matches “${q}”.` : "No customers yet: accounts and buyers show here."}</p>
      ) : (
        <AdminTable label="Customers" headers={["Customer", "Account", "Paid orders", "Lifetime spend", "Last order", "Newsletter"]}>
          {customers.map((c) => (
            <tr key={c.email}>
              <td className={tdClass}>
                <Link to={`/admin/customers/${encodeURIComponent(c.email)}`} className="font-semibold underline">
                  {c.name}
                </Link>
                <br />
                <span className="text-ink-muted">{c.email}</span>
              </td>
              <td className={tdClass}>{c.account ? `@${c.account.username}` : <span className="text-ink-muted">Guest</span>}</td>
              <td className={`${tdClass} tabular-nums`}>{c.orders}</td>
              <td className={`${tdClass} tabular-nums`}>{formatPrice(c.lifetimeSpend)}</td>
              <td className={`${tdClass} text-ink-muted`}>{c.lastOrderAt ? dateFormat.format(new Date(c.lastOrderAt)) : "Never"}</td>
              <td className={tdClass}>{c.subscribed ? "Subscribed" : <span className="text-ink-muted">No</span>}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminShell>
  );
}
