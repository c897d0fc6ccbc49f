import type { Route } from "./+types/admin-home";
import { adminMeta } from "~/lib/admin-meta";
import { servicesContext } from "~/context";
import { AdminShell } from "~/components/admin/admin-shell";
import { AnnouncementsEditor } from "~/components/admin/announcements-editor";
import { AuditHistory } from "~/components/admin/audit-history";
import { HomeSectionsEditor } from "~/components/admin/home-sections-editor";
import { PreviewAsOf } from "~/components/admin/preview-as-of";
import { requirePermission } from "~/lib/guards.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, "content.write");
  const { home, catalog, admin } = context.get(servicesContext);
  const [overview, collections, history] = await Promise.all([home.overview(), catalog.collections(), admin.listAudit({ entity: "home", entityId: "sections" })]);
  return { ...overview, collections: collections.map(({ slug, name }) => ({ slug, name })), history: history.entries, now: home.now().getTime() };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Home page");

/** /admin/home: the home page's sections and the announcement bar (issue 28). */
export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { sections, announcements, freeShippingFromCents, collections, history, now } = loaderData;
  return (
    <AdminShell title="Home page">
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-10">
          <HomeSectionsEditor key={sections.map((s) => `${s.id}:${s.updatedAt}`).join()} sections={sections} collections={collections} now={now} />
          <AnnouncementsEditor announcements={announcements} freeShippingFromCents={freeShippingFromCents} />
        </div>
        <aside className="space-y-6 lg:sticky lg:top-6 lg:self-start">
          <PreviewAsOf />
        </aside>
      </div>
      <AuditHistory entries={history} label="Home page history" />
    </AdminShell>
  );
}
