import { type FormEvent, useState } from "react";
import { adminMeta } from "~/lib/admin-meta";
import { useRevalidator } from "react-router";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/admin-campaign";
import { servicesContext } from "~/context";
import { AdminShell } from "~/components/admin/admin-shell";
import { AuditHistory } from "~/components/admin/audit-history";
import { buttonClass } from "~/components/layout/status-screen";
import { apiRequest, ApiError } from "~/lib/api";
import { requirePermission } from "~/lib/guards.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, "discounts.write");
  const services = context.get(servicesContext);
  const [campaign, history] = await Promise.all([services.campaign.get(), services.admin.listAudit({ entity: "campaign", entityId: "vsop" })]);
  return { campaign, history: history.entries };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "VSOP drop");

/** "2026-12-21T18:00" in UTC, for a datetime-local input (UTC keeps server and browser in agreement). */
const toInput = (iso: string) => iso.slice(0, 16);
const fromInput = (value: string) => new Date(`${value}:00Z`).toISOString();

export default function AdminCampaign({ loaderData }: Route.ComponentProps) {
  const { campaign, history } = loaderData;
  const revalidator = useRevalidator();
  const [closes, setCloses] = useState(toInput(campaign.preorderClosesAt));
  const [ships, setShips] = useState(toInput(campaign.shipsAt));
  const [busy, setBusy] = useState(false);
  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await apiRequest("PATCH", "/api/admin/campaigns/vsop", { preorderClosesAt: fromInput(closes), shipsAt: fromInput(ships) });
      toast.success("VSOP drop updated", { description: "The countdown and every ship date now use the new dates." });
      await revalidator.revalidate();
    } catch (error) {
      toast.error("Couldn't save the dates", { description: error instanceof ApiError ? error.detail : undefined });
    } finally {
      setBusy(false);
    }
  }
  return (
    <AdminShell title="VSOP drop">
      <p className="mb-6 max-w-2xl text-ink-muted">
        The home countdown, the hype meter and every “Ships …” line read these dates. Currently {campaign.ended ? "closed" : "open"}; {campaign.hypePercent}% of the limited run is
        pre-ordered.
      </p>
      <form onSubmit={save} className="max-w-md space-y-4">
        <div>
          <label htmlFor="closes" className="block text-sm font-medium">
            Pre-orders close (UTC)
          </label>
          <input id="closes" type="datetime-local" required value={closes} onChange={(e) => setCloses(e.target.value)} className="mt-1.5 h-11 w-full rounded-xl border border-line bg-surface px-3" />
        </div>
        <div>
          <label htmlFor="ships" className="block text-sm font-medium">
            Ships (UTC)
          </label>
          <input id="ships" type="datetime-local" required value={ships} onChange={(e) => setShips(e.target.value)} className="mt-1.5 h-11 w-full rounded-xl border border-line bg-surface px-3" />
        </div>
        <button type="submit" disabled={busy} className={`${buttonClass} disabled:opacity-60`}>
          {busy ? "Saving..." : "Save dates"}
        </button>
      </form>
      <AuditHistory entries={history} />
    </AdminShell>
  );
}
