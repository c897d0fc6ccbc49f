import { useState } from "react";
import { useRevalidator } from "react-router";
import { buttonClass } from "~/components/layout/status-screen";
import { ApiError, apiRequest } from "~/lib/api";
import { toast } from "~/lib/toast";

/** Puts one failed run back in its queue. */
export function RetryJobButton({ id, queue }: { id: string; queue: string }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  async function retry() {
    setBusy(true);
    try {
      await apiRequest("POST", `/api/admin/jobs/${id}/retry`, {});
      toast.success(`${queue} will run again`);
      await revalidator.revalidate();
    } catch (error) {
      toast.error("Couldn't retry the job", { description: error instanceof ApiError ? error.detail : undefined });
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" disabled={busy} onClick={retry} aria-label={`Retry ${queue}`} className={`${buttonClass} h-9 px-4 text-xs disabled:opacity-50`}>
      Retry
    </button>
  );
}
