import { Archive, ArchiveRestore, ExternalLink, Trash2 } from "lucide-react";
import { useNavigate } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { smallButtonClass, useStaffCall } from "~/components/admin/staff-form-kit";
import { ApiError, apiRequest } from "~/lib/api";
import { toast } from "~/lib/toast";

/** The page's actions: see the drop's page, archive or restore it, delete it (each hard step asks first). */
export function DropActions({ drop }: { drop: { id: number; name: string; slug: string; archivedAt: string | null } }) {
  const navigate = useNavigate();
  const { call, busy } = useStaffCall();
  async function remove() {
    try {
      await apiRequest("DELETE", `/api/admin/drops/${drop.id}`);
      toast.success(`${drop.name} deleted`);
      navigate("/admin/drops");
    } catch (error) {
      toast.error("Couldn't delete the drop", { description: error instanceof ApiError ? error.detail : undefined });
    }
  }
  const archived = drop.archivedAt !== null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {!archived && (
        <a href={`/drops/${drop.slug}`} target="_blank" rel="noopener" className={smallButtonClass}>
          <ExternalLink aria-hidden="true" className="size-4" /> View page<span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
      {archived ? (
        <button type="button" disabled={busy} onClick={() => void call("POST", `/api/admin/drops/${drop.id}/restore`, {}, `${drop.name} restored`, { toastError: true })} className={smallButtonClass}>
          <ArchiveRestore aria-hidden="true" className="size-4" /> Restore
        </button>
      ) : (
        <ConfirmDialog
          trigger={
            <button type="button" disabled={busy} className={smallButtonClass}>
              <Archive aria-hidden="true" className="size-4" /> Archive
            </button>
          }
          title={`Archive ${drop.name}?`}
          description={<p>Its page leaves the store and its products sell as ordinary products again. Its orders and report are kept, and you can restore it.</p>}
          confirmLabel="Archive drop"
          onConfirm={() => void call("POST", `/api/admin/drops/${drop.id}/archive`, {}, `${drop.name} archived`, { toastError: true })}
        />
      )}
      <ConfirmDialog
        trigger={
          <button type="button" className={`${smallButtonClass} text-red-700 dark:text-red-400`}>
            <Trash2 aria-hidden="true" className="size-4" /> Delete
          </button>
        }
        title={`Delete ${drop.name}?`}
        description={<p>The drop, its page, its line and its early-access links go for good. A drop with orders can't be deleted: archive it instead.</p>}
        confirmLabel="Delete drop"
        danger
        onConfirm={() => void remove()}
      />
    </div>
  );
}
