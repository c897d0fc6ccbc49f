import type { Route } from "./+types/admin-menus";
import { adminMeta } from "~/lib/admin-meta";
import { servicesContext } from "~/context";
import { AdminShell } from "~/components/admin/admin-shell";
import { AuditHistory } from "~/components/admin/audit-history";
import { MenuEditor } from "~/components/admin/menu-editor";
import { requirePermission } from "~/lib/guards.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, "content.write");
  const { menus, admin } = context.get(servicesContext);
  const [view, history] = await Promise.all([menus.staffView(), admin.listAudit({ entity: "menu" })]);
  return { ...view, history: history.entries };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Menus");

/** /admin/menus: the header's links, the footer's columns and the legal row (issue 28), each saved as a whole. */
export default function AdminMenus({ loaderData }: Route.ComponentProps) {
  const { menus, targets, history } = loaderData;
  return (
    <AdminShell title="Menus">
      <p className="mb-6 max-w-3xl text-ink-muted">
        Links point at a collection, a page or post, a product or an address. A page that is renamed keeps its link; one that is a draft, scheduled or archived is hidden from shoppers until it is live, and a linked page
        can't be taken offline until its link is removed. Changes show when you save the menu.
      </p>
      <div className="space-y-8">
        {menus.map((menu) => (
          // A saved menu comes back from the server: the editor starts again from it.
          <MenuEditor key={`${menu.handle}:${JSON.stringify(menu.items)}`} menu={menu} targets={targets} />
        ))}
      </div>
      <AuditHistory entries={history} label="Menu history" />
    </AdminShell>
  );
}
