import { Plus } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/admin-drops";
import { servicesContext } from "~/context";
import { AdminShell, AdminTable, tdClass } from "~/components/admin/admin-shell";
import { DropPhaseBadge } from "~/components/admin/drops/drop-phase-badge";
import { buttonClass } from "~/components/layout/status-screen";
import { adminMeta } from "~/lib/admin-meta";
import { requirePermission } from "~/lib/guards.server";
import { utcLabel } from "~/lib/utc-time";

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, "drops.write");
  return context.get(servicesContext).drops.admin.list();
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Drops");

/** /admin/drops: every drop, live and upcoming first, with its phase, opening time, products and units sold (issue 48). */
export default function AdminDrops({ loaderData }: Route.ComponentProps) {
  const { drops } = loaderData;
  return (
    <AdminShell
      title="Drops"
      actions={
        <Link to="/admin/drops/new" className={buttonClass}>
          <Plus aria-hidden="true" className="size-4" /> New drop
        </Link>
      }
    >
      <p className="mb-6 max-w-3xl text-ink-muted">
        A drop is a limited release opened by the clock: its page and products show from the announcement with a countdown, early-access subscribers may buy from the early-access time, and
        everyone from the opening. Times are in UTC.
      </p>
      {drops.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line p-6 text-center text-ink-muted">No drops yet: create the first one.</p>
      ) : (
        <AdminTable label="Drops" headers={["Drop", "Phase", "Opens", "Products", "Sold"]}>
          {drops.map((d) => (
            <tr key={d.id}>
              <td className={tdClass}>
                <Link to={`/admin/drops/${d.id}`} className="font-semibold underline-offset-2 hover:underline">
                  {d.name}
                </Link>
                <span className="block font-mono text-xs text-ink-muted">/drops/{d.slug}</span>
              </td>
              <td className={tdClass}>
                <DropPhaseBadge phase={d.phase} archived={d.archivedAt !== null} />
              </td>
              <td className={`${tdClass} tabular-nums`}>{utcLabel(d.opensAt)}</td>
              <td className={`${tdClass} tabular-nums`}>{d.productCount}</td>
              <td className={`${tdClass} tabular-nums`}>{d.unitsSold}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminShell>
  );
}
