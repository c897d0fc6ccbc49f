import { Form, Link } from "react-router";
import type { Route } from "./+types/admin-audit";
import { servicesContext } from "~/context";
import { AdminShell, AdminTable, tdClass } from "~/components/admin/admin-shell";
import { describeChange } from "~/components/admin/audit-history";
import { smallButtonClass } from "~/components/admin/staff-form-kit";
import { requirePermission } from "~/lib/guards.server";
import { adminMeta } from "~/lib/admin-meta";
import { utcLabel } from "~/lib/utc-time";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayAt = (day: string | null, plus = 0) => (day && DAY.test(day) && !Number.isNaN(Date.parse(day)) ? new Date(Date.parse(`${day}T00:00:00Z`) + plus) : undefined);

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, "staff.manage");
  const params = new URL(request.url).searchParams;
  const { admin } = context.get(servicesContext);
  const facets = await admin.auditFacets();
  // Only values the log holds are used: anything else in the address is ignored, not an error page.
  const actor = facets.actors.find((a) => a === params.get("actor"));
  const action = facets.actions.find((a) => a === params.get("action"));
  const from = dayAt(params.get("from"));
  const to = dayAt(params.get("to"), 86_400_000);
  const before = /^[1-9]\d{0,9}$/.test(params.get("before") ?? "") ? Number(params.get("before")) : undefined;
  const page = await admin.listAudit({ actor, action, from, to, before });
  return { ...page, facets, filter: { actor: actor ?? "", action: action ?? "", from: from ? params.get("from")! : "", to: to ? params.get("to")! : "" } };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Audit log");

const fieldClass = "mt-1 h-10 w-full rounded-xl border border-line bg-surface px-3 text-sm";

/** /admin/audit: every staff change, filtered by person, action and date (issue 29). */
export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { entries, nextBefore, facets, filter } = loaderData;
  const more = new URLSearchParams({ ...Object.fromEntries(Object.entries(filter).filter(([, v]) => v)), ...(nextBefore ? { before: String(nextBefore) } : {}) });
  return (
    <AdminShell title="Audit log">
      <p className="mb-6 max-w-2xl text-ink-muted">Every change staff and the store's jobs have made, newest first. Times are in UTC.</p>
      <Form method="get" className="mb-6 grid gap-4 rounded-2xl border border-line p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto_auto] lg:items-end">
        <div>
          <label htmlFor="audit-actor" className="block text-sm font-medium">
            Person
          </label>
          <select id="audit-actor" name="actor" defaultValue={filter.actor} className={fieldClass}>
            <option value="">Everyone</option>
            {facets.actors.map((a) => (
              <option key={a} value={a}>
                {a.replace(/^staff:/, "")}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-action" className="block text-sm font-medium">
            Action
          </label>
          <select id="audit-action" name="action" defaultValue={filter.action} className={fieldClass}>
            <option value="">Every action</option>
            {facets.actions.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-from" className="block text-sm font-medium">
            From
          </label>
          <input id="audit-from" name="from" type="date" defaultValue={filter.from} className={fieldClass} />
        </div>
        <div>
          <label htmlFor="audit-to" className="block text-sm font-medium">
            To
          </label>
          <input id="audit-to" name="to" type="date" defaultValue={filter.to} className={fieldClass} />
        </div>
        <div className="flex gap-2">
          <button type="submit" className={`${smallButtonClass} h-10`}>
            Filter
          </button>
          <Link to="/admin/audit" className={`${smallButtonClass} h-10`}>
            Clear
          </Link>
        </div>
      </Form>
      {entries.length === 0 ? (
        <p className="text-ink-muted">No changes match.</p>
      ) : (
        <AdminTable label="Audit entries" headers={["When", "Who", "What", "Action", "Change"]}>
          {entries.map((e) => (
            <tr key={e.id}>
              <td className={`${tdClass} whitespace-nowrap`}>{utcLabel(e.at)}</td>
              <td className={tdClass}>{e.actor.replace(/^staff:/, "")}</td>
              <td className={tdClass}>
                {e.entity} {e.entityId}
              </td>
              <td className={tdClass}>{e.action}</td>
              <td className={`${tdClass} text-ink-muted`}>{describeChange(e.before, e.after).join("; ") || "—"}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      {nextBefore && (
        <p className="mt-4">
          <Link to={`?${more}`} className={smallButtonClass}>
            Older changes
          </Link>
        </p>
      )}
    </AdminShell>
  );
}
