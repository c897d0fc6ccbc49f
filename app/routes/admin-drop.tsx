import { useState } from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/admin-drop";
import { servicesContext } from "~/context";
import { AdminShell } from "~/components/admin/admin-shell";
import { AuditHistory } from "~/components/admin/audit-history";
import { DropActions } from "~/components/admin/drops/drop-actions";
import { DropForm, type EditableDrop } from "~/components/admin/drops/drop-form";
import { DropLivePanel } from "~/components/admin/drops/drop-live-panel";
import { DropPhaseBadge } from "~/components/admin/drops/drop-phase-badge";
import { DropReportPanel } from "~/components/admin/drops/drop-report-panel";
import { adminMeta } from "~/lib/admin-meta";
import { requirePermission } from "~/lib/guards.server";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requirePermission(context, request, "drops.write");
  const services = context.get(servicesContext);
  const drops = services.drops.admin;
  if (!params.id) return { drop: null, live: null, report: null, history: [] };
  if (!/^[1-9]\d{0,9}$/.test(params.id)) throw data(null, { status: 404 });
  const id = Number(params.id);
  const drop = await drops.get({ id }).catch((error: { code?: string }) => {
    if (error?.code === "not_found") throw data(null, { status: 404 });
    throw error;
  });
  // While it sells, the live figures (the page asks again every 5 s); once closed, the report.
  const [live, report, history] = await Promise.all([
    // Announced too: staff watch the open happen on this page.
    drop.phase === "announced" || drop.phase === "early" || drop.phase === "open" ? drops.live({ id }) : null,
    drop.phase === "closed" ? drops.report({ id }) : null,
    services.admin.listAudit({ entity: "drop", entityId: String(id) }),
  ]);
  return { drop: drop as EditableDrop, live, report, history: history.entries };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => adminMeta(matches, loaderData?.drop ? loaderData.drop.name : "New drop");

/** /admin/drops/new and /admin/drops/{id}: the drop's form, its live figures while it sells, its report after (issue 48). */
export default function AdminDrop({ loaderData }: Route.ComponentProps) {
  const { drop, live, report, history } = loaderData;
  // The phase the live panel last polled, for this drop only (the page stays mounted from one drop to another).
  const [polled, setPolled] = useState<{ id: number; phase: NonNullable<typeof drop>["phase"] } | null>(null);
  const phase = drop && polled?.id === drop.id ? polled.phase : drop?.phase;
  return (
    <AdminShell
      title={drop ? drop.name : "New drop"}
      actions={
        drop && (
          <div className="flex flex-wrap items-center gap-3">
            <DropPhaseBadge phase={phase ?? drop.phase} archived={drop.archivedAt !== null} />
            <DropActions drop={drop} />
          </div>
        )
      }
    >
      <p className="mb-6 text-sm">
        <Link to="/admin/drops" className="font-semibold underline underline-offset-2">
          ← All drops
        </Link>
      </p>
      <div className="space-y-12">
        {live && drop && <DropLivePanel key={drop.id} dropId={drop.id} initial={live} onPhase={(next) => setPolled({ id: drop.id, phase: next })} />}
        {report && <DropReportPanel report={report} />}
        {/* A fresh form for each saved version: its fields start from what the server now holds. */}
        <DropForm key={drop ? `${drop.id}-${drop.updatedAt}` : "new"} drop={drop} />
      </div>
      {drop && <AuditHistory entries={history} label="Drop history" />}
    </AdminShell>
  );
}
