import { useState } from "react";
import { useRevalidator } from "react-router";
import { secondaryButtonClass, buttonClass } from "~/components/layout/status-screen";
import { ApiError, apiRequest } from "~/lib/api";
import { toast } from "~/lib/toast";

/** A return's next step for staff: approve (refunds it) or refuse (with a reason), then receive it (and maybe restock). */
export function ReturnActions({ returnNumber, status, exchange = false }: { returnNumber: string; status: string; exchange?: boolean }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [restock, setRestock] = useState(true);
  const [refusing, setRefusing] = useState(false);
  const [note, setNote] = useState("");
  async function decide(body: Record<string, unknown>, done: string) {
    setBusy(true);
    try {
      await apiRequest("POST", `/api/admin/returns/${returnNumber}`, body);
      toast.success(done, { description: "The shopper has been emailed." });
      await revalidator.revalidate();
    } catch (error) {
      toast.error("Couldn't update the return", { description: error instanceof ApiError ? error.detail : undefined });
    } finally {
      setBusy(false);
    }
  }
  if (status === "requested" && refusing) {
    return (
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void decide({ action: "refuse", note: note.trim() }, `${returnNumber} refused`);
        }}
        className="space-y-2"
      >
        <label htmlFor={`refuse-${returnNumber}`} className="block text-sm font-medium">
          Why is it refused? The shopper reads this.
        </label>
        <textarea id={`refuse-${returnNumber}`} required minLength={3} value={note} onChange={(e) => setNote(e.target.value)} rows={2} className="w-full rounded-lg border border-line bg-surface px-2 py-1.5 text-sm" />
        <div className="flex gap-2">
          <button type="submit" disabled={busy} className={`${buttonClass} h-9 px-4 text-xs disabled:opacity-50`}>
            Send refusal
          </button>
          <button type="button" onClick={() => setRefusing(false)} className={`${secondaryButtonClass} h-9 px-4 text-xs`}>
            Back
          </button>
        </div>
      </form>
    );
  }
  if (status === "requested") {
    return (
      <div className="flex flex-wrap gap-2">
        {/* The shopper chose sizes to send instead (issue 51): approving holds them in stock until the parcel arrives. */}
        {exchange && (
          <button type="button" disabled={busy} onClick={() => decide({ action: "approve", resolution: "exchange" }, `${returnNumber} approved: exchange held`)} className={`${buttonClass} h-9 px-4 text-xs disabled:opacity-50`}>
            Approve exchange
          </button>
        )}
        <button type="button" disabled={busy} onClick={() => decide({ action: "approve", resolution: "refund" }, `${returnNumber} approved and refunded`)} className={`${buttonClass} h-9 px-4 text-xs disabled:opacity-50`}>
          Approve and refund
        </button>
        {/* Store credit instead of money back (issue 51): the whole refund goes to the order's email as credit. */}
        <button type="button" disabled={busy} onClick={() => decide({ action: "approve", resolution: "store_credit" }, `${returnNumber} approved as store credit`)} className={`${secondaryButtonClass} h-9 px-4 text-xs disabled:opacity-50`}>
          Approve as store credit
        </button>
        <button type="button" disabled={busy} onClick={() => setRefusing(true)} className={`${secondaryButtonClass} h-9 px-4 text-xs disabled:opacity-50`}>
          Refuse
        </button>
      </div>
    );
  }
  if (status === "approved") {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <label className="inline-flex items-center gap-2 text-sm">
          <input type="checkbox" checked={restock} onChange={(e) => setRestock(e.target.checked)} className="size-4" />
          Restock
        </label>
        <button type="button" disabled={busy} onClick={() => decide({ action: "receive", restock }, `${returnNumber} received`)} className={`${buttonClass} h-9 px-4 text-xs disabled:opacity-50`}>
          Parcel received
        </button>
      </div>
    );
  }
  return null;
}
