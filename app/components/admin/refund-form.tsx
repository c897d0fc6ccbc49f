import { type FormEvent, useState } from "react";
import { useRevalidator } from "react-router";
import { buttonClass } from "~/components/layout/status-screen";
import { ApiError, apiRequest } from "~/lib/api";
import { centsFromDollarsText, formatPrice } from "~/lib/money";
import { toast } from "~/lib/toast";

interface Line {
  id: number;
  quantity: number;
  refundedQuantity: number;
  product: { name: string };
  color: string | null;
  size: string;
}

const inputClass = "h-9 rounded-lg border border-line bg-surface px-2 text-sm";

/**
 * Staff refund part of a paid order: chosen units of its lines (their price less their discount share, plus tax,
 * optionally back on sale) or an amount, always with a reason for the order's history. The server checks the rest.
 */
export function RefundForm({ orderNumber, lines, refundable }: { orderNumber: string; lines: Line[]; refundable: number }) {
  const revalidator = useRevalidator();
  const [mode, setMode] = useState<"lines" | "amount">("lines");
  const [units, setUnits] = useState<Record<number, string>>({});
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [restock, setRestock] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const chosen = lines.map((l) => ({ itemId: l.id, quantity: Number(units[l.id] || 0) })).filter((l) => l.quantity > 0);
    const amountCents = centsFromDollarsText(amount);
    if (mode === "lines" && chosen.length === 0) return setError("Choose how many units of a line to refund");
    if (mode === "amount" && !amountCents) return setError("Enter the amount in dollars, for example 12.50");
    setError(null);
    setBusy(true);
    try {
      await apiRequest("POST", `/api/admin/orders/${orderNumber}/refunds`, mode === "lines" ? { lines: chosen, reason, restock } : { amountCents, reason });
      toast.success("Refund sent", { description: "The shopper has been emailed." });
      setUnits({});
      setAmount("");
      setReason("");
      await revalidator.revalidate();
    } catch (e) {
      setError(e instanceof ApiError ? e.detail : "Couldn't refund. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} aria-labelledby="refund-title" className="rounded-2xl border border-line p-5 text-sm">
      <h2 id="refund-title" className="font-semibold">
        Refund
      </h2>
      <p className="mt-1 text-ink-muted">{formatPrice(refundable)} can still be refunded.</p>
      <fieldset className="mt-3 flex gap-4">
        <legend className="sr-only">Refund by</legend>
        {(["lines", "amount"] as const).map((m) => (
          <label key={m} className="inline-flex items-center gap-2">
            <input type="radio" name="refund-mode" checked={mode === m} onChange={() => setMode(m)} className="size-4" />
            {m === "lines" ? "Lines" : "An amount"}
          </label>
        ))}
      </fieldset>
      {mode === "lines" ? (
        <div className="mt-3 space-y-2">
          {lines.map((l) => {
            const left = l.quantity - l.refundedQuantity;
            return (
              <div key={l.id} className="flex items-center justify-between gap-3">
                <label htmlFor={`refund-units-${l.id}`} className="min-w-0 flex-1">
                  {l.product.name} <span className="text-ink-muted">({[l.color, l.size].filter(Boolean).join(", ")}) · {left} of {l.quantity} left</span>
                </label>
                <input id={`refund-units-${l.id}`} type="number" min={0} max={left} disabled={left === 0} value={units[l.id] ?? ""} onChange={(e) => setUnits((u) => ({ ...u, [l.id]: e.target.value }))} className={`${inputClass} w-16 tabular-nums`} />
              </div>
            );
          })}
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" checked={restock} onChange={(e) => setRestock(e.target.checked)} className="size-4" />
            Put the units back on sale
          </label>
        </div>
      ) : (
        <div className="mt-3">
          <label htmlFor="refund-amount" className="block font-medium">
            Amount (USD)
          </label>
          <input id="refund-amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} className={`${inputClass} mt-1 w-32 tabular-nums`} />
        </div>
      )}
      <label htmlFor="refund-reason" className="mt-3 block font-medium">
        Reason (kept in the order's history and told to the shopper)
      </label>
      <textarea id="refund-reason" required minLength={3} value={reason} onChange={(e) => setReason(e.target.value)} rows={2} className="mt-1 w-full rounded-lg border border-line bg-surface px-2 py-1.5" />
      {error && (
        <p role="alert" className="mt-2 font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy} className={`${buttonClass} mt-3 h-10 disabled:opacity-50`}>
        {busy ? "Refunding..." : "Refund"}
      </button>
    </form>
  );
}
