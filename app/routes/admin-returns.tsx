import { Form, Link } from "react-router";
import { adminMeta } from "~/lib/admin-meta";
import type { Route } from "./+types/admin-returns";
import { servicesContext } from "~/context";
import { AdminShell, AdminTable, tdClass } from "~/components/admin/admin-shell";
import { LabelledSelect } from "~/components/admin/labelled-select";
import { ReturnActions } from "~/components/admin/return-actions";
import { can } from "../../shared/staff-permissions";
import { useUser } from "~/lib/session";
import { buttonClass } from "~/components/layout/status-screen";
import { requirePermission } from "~/lib/guards.server";
import { formatPrice } from "~/lib/money";

const STATUSES = ["requested", "approved", "refused", "received"] as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, "orders.read");
  const wanted = new URL(request.url).searchParams.get("status");
  const status = STATUSES.find((s) => s === wanted);
  return { ...(await context.get(servicesContext).admin.listReturns({ status })), status: status ?? "" };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Returns");

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** Staff: returns to decide (requested), parcels to expect (approved), and the rest. */
export default function AdminReturns({ loaderData }: Route.ComponentProps) {
  const { returns, status } = loaderData;
  // Deciding a return needs the refund permission (receiving one refunds it); the server refuses it without.
  const canRefund = can(useUser(), "refunds");
  return (
    <AdminShell title="Returns">
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-3">
        <LabelledSelect id="return-status" label="Status" name="status" defaultValue={status} empty="Any" options={STATUSES.map((s) => [s, s[0]!.toUpperCase() + s.slice(1)] as const)} />
        <button type="submit" className={`${buttonClass} h-10`}>
          Show
        </button>
      </Form>
      {returns.length === 0 ? (
        <p className="text-ink-muted">No returns {status ? `that are ${status}` : "yet"}.</p>
      ) : (
        <AdminTable label="Returns" headers={["Return", "Customer", "Items and reason", "Status", "Next step"]}>
          {returns.map((r) => (
            <tr key={r.returnNumber} className="align-top">
              <td className={tdClass}>
                <Link to={`/admin/orders/${r.order.orderNumber}`} className="font-semibold underline">
                  {r.returnNumber}
                </Link>
                <br />
                <span className="text-ink-muted">{dateFormat.format(new Date(r.createdAt))}</span>
              </td>
              <td className={tdClass}>
                {r.order.name}
                <br />
                <span className="text-ink-muted">{r.order.email}</span>
              </td>
              <td className={tdClass}>
                {r.items.map((i) => `${i.quantity} × ${i.name} (${i.color}, ${i.size})${i.exchange ? ` → ${i.exchange.color}, ${i.exchange.size}` : ""}`).join(", ")}
                <br />
                <span className="text-ink-muted">“{r.reason}”</span>
              </td>
              <td className={tdClass}>
                <span className="capitalize">{r.status}</span>
                {r.refund !== null && <span className="block text-ink-muted">{formatPrice(r.refund)} {r.resolution === "store_credit" ? "in store credit" : "refunded"}</span>}
                {r.refund === null && r.resolution === "store_credit" && <span className="block text-ink-muted">Shopper asks for store credit</span>}
                {r.resolution === "exchange" && <span className="block text-ink-muted">{r.status === "requested" ? "Shopper asks for an exchange" : r.status === "approved" ? "Exchange held in stock" : ""}</span>}
                {r.exchangeOrderNumber && (
                  <Link to={`/admin/orders/${r.exchangeOrderNumber}`} className="block underline">
                    Exchange order {r.exchangeOrderNumber}
                  </Link>
                )}
                {r.restocked !== null && <span className="block text-ink-muted">{r.restocked ? "restocked" : "not restocked"}</span>}
              </td>
              <td className={tdClass}>
                {canRefund && <ReturnActions returnNumber={r.returnNumber} status={r.status} exchange={r.resolution === "exchange"} />}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminShell>
  );
}
