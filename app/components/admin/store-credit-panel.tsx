import { useRef, useState } from "react";
import { AdminTable, tdClass } from "./admin-shell";
import { type Errors, FormError, noErrors, Reveal, TextInput, useFocusFirstError, useStaffCall } from "./staff-form-kit";
import { formatPrice } from "~/lib/money";
import type { CreditAnswer } from "../../../server/credit/store-credit";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const KIND = { return: "Return", staff: "Staff", checkout: "Checkout", refund: "Refund" } as const;

/** Gives or takes back credit with why (POST /api/admin/customers/{email}/credit); never below zero (the server says so). */
function AdjustCreditForm({ email, onDone }: { email: string; onDone: () => void }) {
  const { call, busy } = useStaffCall();
  const form = useRef<HTMLFormElement>(null);
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Errors>(noErrors);
  useFocusFirstError(form, errors);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const failed = await call("POST", `/api/admin/customers/${encodeURIComponent(email)}/credit`, { amountCents: Math.round(Number(amount) * 100), reason }, "Store credit saved");
    setErrors(failed ?? noErrors);
    if (!failed) onDone();
  }
  return (
    <form ref={form} onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end" aria-label="Adjust store credit">
      <TextInput id="credit-amount" label="Amount (USD)" hint="Negative takes back" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} error={errors.fields.amountCents} />
      <TextInput id="credit-reason" label="Reason" hint="The customer sees it in their history" value={reason} onChange={(e) => setReason(e.target.value)} error={errors.fields.reason} />
      <button type="submit" disabled={busy} className="h-10 rounded-xl bg-ink px-4 text-sm font-semibold text-surface disabled:opacity-50">
        Save
      </button>
      <FormError id="credit-error" message={errors.form} />
    </form>
  );
}

/** A customer's store credit in the staff area: balance, every movement, and (with customers.credit) an adjustment. */
export function StoreCreditPanel({ email, credit, canAdjust }: { email: string; credit: CreditAnswer; canAdjust: boolean }) {
  return (
    <section aria-labelledby="store-credit-heading" className="mt-8 space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="store-credit-heading" className="font-semibold">
          Store credit: <span className="tabular-nums">{formatPrice(credit.balanceCents / 100)}</span>
        </h2>
      </div>
      {canAdjust && (
        <Reveal id="credit-adjust" label="Adjust credit">
          {(close) => <AdjustCreditForm email={email} onDone={close} />}
        </Reveal>
      )}
      {credit.entries.length === 0 ? (
        <p className="text-ink-muted">No store credit movements yet.</p>
      ) : (
        <AdminTable label="Store credit history" headers={["When", "What", "Reason", "Amount"]}>
          {credit.entries.map((e) => (
            <tr key={e.id}>
              <td className={`${tdClass} text-ink-muted`}>{dateFormat.format(new Date(e.createdAt))} UTC</td>
              <td className={tdClass}>
                {KIND[e.kind]}
                {e.orderNumber && <span className="block text-xs text-ink-muted">Order {e.orderNumber}</span>}
              </td>
              <td className={tdClass}>{e.reason}</td>
              <td className={`${tdClass} tabular-nums ${e.amountCents > 0 ? "text-green-800 dark:text-green-300" : ""}`}>
                {e.amountCents > 0 ? "+" : "−"}
                {formatPrice(Math.abs(e.amountCents) / 100)}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
