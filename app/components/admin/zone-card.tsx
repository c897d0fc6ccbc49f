import { type ReactNode, useState } from "react";
import { Pencil, Trash2 } from "lucide-react";
import { smallButtonClass, useStaffCall } from "./staff-form-kit";
import { RegionChips, ZoneForm, type ZoneRow } from "./zone-form";

/** One zone: its name and regions, editing and deleting it, and its rates (children). */
export function ZoneCard({ kind, zone, summary, deleteWarning, children }: { kind: "tax" | "shipping"; zone: ZoneRow; summary?: ReactNode; deleteWarning: string; children: ReactNode }) {
  const { call, busy } = useStaffCall();
  const [editing, setEditing] = useState(false);
  const titleId = `${kind}-zone-${zone.id}-title`;
  async function remove() {
    if (!window.confirm(`Delete zone ${zone.name}? ${deleteWarning}`)) return;
    await call("DELETE", `/api/admin/${kind}/zones/${zone.id}`, undefined, `Zone ${zone.name} deleted`, { toastError: true });
  }
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-line p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-2">
          <h3 id={titleId} className="font-display text-xl font-bold">
            {zone.name}
          </h3>
          <RegionChips regions={zone.regions} />
          {summary}
        </div>
        <div className="flex gap-2">
          <button type="button" onClick={() => setEditing((open) => !open)} aria-expanded={editing} aria-controls={`${titleId}-edit`} className={smallButtonClass}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit zone
            <span className="sr-only"> {zone.name}</span>
          </button>
          <button type="button" onClick={remove} disabled={busy} className={smallButtonClass}>
            <Trash2 aria-hidden="true" className="size-4" />
            Delete<span className="sr-only"> zone {zone.name}</span>
          </button>
        </div>
      </div>
      <div id={`${titleId}-edit`} hidden={!editing} className="mt-4 rounded-xl bg-surface-muted p-4">
        {editing && <ZoneForm kind={kind} zone={zone} onSaved={() => setEditing(false)} />}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}
