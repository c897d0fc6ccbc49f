import { Pencil, Trash2 } from "lucide-react";
import { smallButtonClass } from "./staff-form-kit";

/** A staff list row's Edit (opens its form in place) and Delete buttons; `what` names the row to screen readers. */
export function RowActions({ what, editing, onEdit, onDelete, busy }: { what: string; editing: boolean; onEdit: () => void; onDelete: () => void; busy: boolean }) {
  return (
    <div className="flex gap-2">
      <button type="button" onClick={onEdit} aria-expanded={editing} className={smallButtonClass}>
        <Pencil aria-hidden="true" className="size-4" />
        Edit<span className="sr-only"> {what}</span>
      </button>
      <button type="button" onClick={onDelete} disabled={busy} className={smallButtonClass}>
        <Trash2 aria-hidden="true" className="size-4" />
        Delete<span className="sr-only"> {what}</span>
      </button>
    </div>
  );
}
