import { useState } from "react";
import { useRevalidator } from "react-router";
import type { StaffReview } from "../../../server/reviews/staff-reviews";
import { REVIEW_LIMITS } from "../../../shared/reviews";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import { ApiError, apiRequest } from "~/lib/api";
import { toast } from "~/lib/toast";

const small = "h-9 px-4 text-xs disabled:opacity-50";
const fieldClass = "w-full rounded-lg border border-line bg-surface px-2 py-1.5 text-sm";

/** Staff's moves on one review: publish, reject with a reason the author reads, and a public reply. */
export function ReviewActions({ review }: { review: StaffReview }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [mode, setMode] = useState<"idle" | "reject" | "reply">("idle");
  const [reason, setReason] = useState("");
  const [reply, setReply] = useState(review.reply?.text ?? "");

  async function act(method: "POST" | "PUT", path: string, body: Record<string, unknown>, done: string) {
    setBusy(true);
    try {
      await apiRequest(method, `/api/admin/reviews/${review.id}${path}`, body);
      toast.success(done);
      setMode("idle");
      await revalidator.revalidate();
    } catch (error) {
      toast.error("Couldn't update the review", { description: error instanceof ApiError ? error.detail : undefined });
    } finally {
      setBusy(false);
    }
  }

  if (mode === "reject") {
    return (
      <NoteForm id={`reject-${review.id}`} label="Why can't it be published? The author reads this." hint="Reject only for abuse, personal details, or not being about the product; never for a low rating." value={reason} onChange={setReason} maxLength={REVIEW_LIMITS.reason} required submitLabel="Reject" busy={busy} onBack={() => setMode("idle")} onSubmit={() => act("POST", "/reject", { reason: reason.trim() }, "Review rejected; the author was told why")} />
    );
  }
  if (mode === "reply") {
    return (
      <NoteForm id={`reply-${review.id}`} label="Public reply from the store (leave empty to remove it)" value={reply} onChange={setReply} maxLength={REVIEW_LIMITS.reply} submitLabel="Save reply" busy={busy} onBack={() => setMode("idle")} onSubmit={() => act("PUT", "/reply", { reply: reply.trim() }, reply.trim() ? "Reply saved" : "Reply removed")} />
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      {review.status !== "published" && (
        <button type="button" disabled={busy} onClick={() => act("POST", "/publish", {}, "Review published")} className={`${buttonClass} ${small}`}>
          Publish
        </button>
      )}
      {review.status !== "rejected" && (
        <button type="button" disabled={busy} onClick={() => setMode("reject")} className={`${secondaryButtonClass} ${small}`}>
          {review.status === "published" ? "Unpublish" : "Reject"}
        </button>
      )}
      <button type="button" disabled={busy} onClick={() => setMode("reply")} className={`${secondaryButtonClass} ${small}`}>
        {review.reply ? "Edit reply" : "Reply"}
      </button>
    </div>
  );
}

/** A few words from staff (a rejection's reason, a reply) with its send and back buttons. */
function NoteForm({ id, label, hint, value, onChange, maxLength, required = false, submitLabel, busy, onSubmit, onBack }: { id: string; label: string; hint?: string; value: string; onChange: (value: string) => void; maxLength: number; required?: boolean; submitLabel: string; busy: boolean; onSubmit: () => unknown; onBack: () => void }) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
      className="space-y-2"
    >
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <textarea id={id} required={required} maxLength={maxLength} rows={3} value={value} onChange={(e) => onChange(e.target.value)} className={fieldClass} />
      {hint && <p className="text-xs text-ink-muted">{hint}</p>}
      <div className="flex gap-2">
        <button type="submit" disabled={busy} className={`${buttonClass} ${small}`}>
          {submitLabel}
        </button>
        <button type="button" onClick={onBack} className={`${secondaryButtonClass} ${small}`}>
          Back
        </button>
      </div>
    </form>
  );
}
