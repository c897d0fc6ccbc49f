import { useRef, useState } from "react";
import { Copy } from "lucide-react";
import { ApiError, apiRequest } from "~/lib/api";
import { fieldErrors } from "~/lib/field-errors";
import { toast } from "~/lib/toast";
import { useRevalidator } from "react-router";
import { type Errors, FormError, noErrors, smallButtonClass, TextInput, useFocusFirstError, useStaffCall } from "./staff-form-kit";

const toCents = (dollars: string) => Math.round(Number(dollars) * 100);

/**
 * Issues a card (POST /api/admin/gift-cards) and shows its code once: the store keeps only its hash, so this box is
 * the only place it will ever be seen.
 */
export function IssueGiftCardForm() {
  const revalidator = useRevalidator();
  const form = useRef<HTMLFormElement>(null);
  const [amount, setAmount] = useState("");
  const [errors, setErrors] = useState<Errors>(noErrors);
  const [busy, setBusy] = useState(false);
  const [issued, setIssued] = useState<{ code: string; amount: string } | null>(null);
  useFocusFirstError(form, errors);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const card = await apiRequest<{ code: string; balanceCents: number }>("POST", "/api/admin/gift-cards", { amountCents: toCents(amount) });
      setIssued({ code: card.code, amount: (card.balanceCents / 100).toFixed(2) });
      setErrors(noErrors);
      setAmount("");
      await revalidator.revalidate();
    } catch (error) {
      setErrors(fieldErrors(error instanceof ApiError ? error.detail : "Couldn't issue the card. Please try again."));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="space-y-4">
      <form ref={form} onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3" aria-label="Issue a gift card">
        <TextInput id="gift-card-amount" label="Amount (USD)" inputMode="decimal" required value={amount} onChange={(e) => setAmount(e.target.value)} error={errors.fields.amountCents} className="w-40" />
        <button type="submit" disabled={busy} className="h-10 rounded-xl bg-ink px-4 text-sm font-semibold text-surface disabled:opacity-50">
          {busy ? "Issuing..." : "Issue gift card"}
        </button>
      </form>
      <FormError id="gift-card-issue-error" message={errors.form} />
      {issued && (
        <div role="status" className="rounded-2xl border-2 border-ink p-4">
          <p className="text-sm font-semibold">${issued.amount} gift card issued. Copy its code now: it is shown only this once.</p>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <code className="rounded-lg bg-surface-muted px-3 py-2 font-mono text-lg tracking-wider" aria-label="Gift card code">
              {issued.code}
            </code>
            <button type="button" className={smallButtonClass} onClick={() => navigator.clipboard?.writeText(issued.code).then(() => toast.success("Code copied"), () => toast.error("Couldn't copy: select the code instead"))}>
              <Copy aria-hidden="true" className="size-4" /> Copy code
            </button>
            <button type="button" className={smallButtonClass} onClick={() => setIssued(null)}>
              Done
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/** Adds to or takes off a card's balance with why (POST /api/admin/gift-cards/{id}/adjustments). */
export function AdjustGiftCardForm({ id, last4, onDone }: { id: string; last4: string; onDone: () => void }) {
  const { call, busy } = useStaffCall();
  const form = useRef<HTMLFormElement>(null);
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Errors>(noErrors);
  useFocusFirstError(form, errors);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const failed = await call("POST", `/api/admin/gift-cards/${id}/adjustments`, { amountCents: toCents(amount), reason }, `Card ${last4} adjusted`);
    setErrors(failed ?? noErrors);
    if (!failed) onDone();
  }
  return (
    <form ref={form} onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end" aria-label={`Adjust card ${last4}`}>
      <TextInput id={`adjust-${id}-amount`} label="Amount (USD)" hint="Negative takes off" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} error={errors.fields.amountCents} />
      <TextInput id={`adjust-${id}-reason`} label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} error={errors.fields.reason} />
      <button type="submit" disabled={busy} className="h-10 rounded-xl bg-ink px-4 text-sm font-semibold text-surface disabled:opacity-50">
        Save
      </button>
      <FormError id={`adjust-${id}-error`} message={errors.form} />
    </form>
  );
}

/** Disables a card (or makes it usable again) with why (PATCH /api/admin/gift-cards/{id}). */
export function GiftCardStatusForm({ id, last4, status, onDone }: { id: string; last4: string; status: "active" | "disabled"; onDone: () => void }) {
  const { call, busy } = useStaffCall();
  const form = useRef<HTMLFormElement>(null);
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Errors>(noErrors);
  useFocusFirstError(form, errors);
  const next = status === "active" ? "disabled" : "active";
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const failed = await call("PATCH", `/api/admin/gift-cards/${id}`, { status: next, reason }, `Card ${last4} ${next === "disabled" ? "disabled" : "enabled"}`);
    setErrors(failed ?? noErrors);
    if (!failed) onDone();
  }
  return (
    <form ref={form} onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end" aria-label={`${next === "disabled" ? "Disable" : "Enable"} card ${last4}`}>
      <TextInput id={`status-${id}-reason`} label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} error={errors.fields.reason} />
      <button type="submit" disabled={busy} className="h-10 rounded-xl bg-ink px-4 text-sm font-semibold text-surface disabled:opacity-50">
        {next === "disabled" ? "Disable card" : "Enable card"}
      </button>
      <FormError id={`status-${id}-error`} message={errors.form} />
    </form>
  );
}
