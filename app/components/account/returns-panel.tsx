import { type FormEvent, useState } from "react";
import type { OrderReturns } from "../../../server/orders/order-status-types";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import { ApiError, apiRequest } from "~/lib/api";
import { formatPrice } from "~/lib/money";
import { toast } from "~/lib/toast";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
const STATUS_TEXT: Record<string, string> = {
  requested: "We're looking at it",
  approved: "Approved and refunded: please send the items back",
  refused: "Not accepted",
  received: "Received: thank you",
};

/**
 * An order's returns, and while it can still be returned, a form to choose units and say why. The lookup page passes
 * the order's email, which stands in for signing in.
 */
export function ReturnsPanel({ orderNumber, email, data, onChanged }: { orderNumber: string; email?: string; data: OrderReturns; onChanged: () => unknown }) {
  const [open, setOpen] = useState(false);
  const [units, setUnits] = useState<Record<number, number>>({});
  const [reason, setReason] = useState("");
  const [resolution, setResolution] = useState<"refund" | "store_credit" | "exchange">("refund");
  const [swaps, setSwaps] = useState<Record<number, number>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (data.returns.length === 0 && !data.returnable) return null;
  const exchangeable = (data.returnable?.lines ?? []).filter((l) => l.exchangeOptions.length > 0);
  const chosenLines = (data.returnable?.lines ?? []).filter((l) => (units[l.itemId] ?? 0) > 0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const lines = Object.entries(units)
      .filter(([, n]) => n > 0)
      .map(([itemId, quantity]) => ({ itemId: Number(itemId), quantity }));
    if (lines.length === 0) return setError("Choose at least one item to return");
    const exchanges = lines.map((l) => ({ itemId: l.itemId, variantId: swaps[l.itemId] ?? 0 }));
    if (resolution === "exchange" && exchanges.some((e) => !e.variantId)) return setError("Choose the size or colour you'd like instead of each item");
    setError(null);
    setBusy(true);
    try {
      const made = await apiRequest<{ returnNumber: string }>("POST", "/api/returns", { orderNumber, email, lines, reason, ...(resolution === "refund" ? {} : { resolution }), ...(resolution === "exchange" ? { exchanges } : {}) });
      toast.success(`Return ${made.returnNumber} requested`, { description: "We've emailed you; we answer within 2 business days." });
      setOpen(false);
      setUnits({});
      setReason("");
      await onChanged();
    } catch (e) {
      setError(e instanceof ApiError ? e.detail : "We couldn't send that. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="returns-heading" className="mt-8 rounded-2xl border border-line p-5">
      <h2 id="returns-heading" className="text-lg font-bold">
        Returns
      </h2>
      {data.returns.length > 0 && (
        <ul className="mt-3 space-y-3 text-sm">
          {data.returns.map((r) => (
            <li key={r.returnNumber} className="rounded-xl bg-surface-muted p-3">
              <p className="font-semibold">
                {r.returnNumber} · {r.status === "approved" && r.resolution === "store_credit" ? "Approved as store credit: please send the items back" : r.status === "approved" && r.resolution === "exchange" ? "Exchange approved: please send the items back" : (STATUS_TEXT[r.status] ?? r.status)}
              </p>
              {r.refund !== null && <p>{r.resolution === "store_credit" ? `${formatPrice(r.refund)} given as store credit.` : `${formatPrice(r.refund)} refunded to your card.`}</p>}
              {r.refund === null && r.resolution === "store_credit" && <p className="text-ink-muted">You asked for store credit.</p>}
              {r.resolution === "exchange" && <p>Exchange: {r.items.flatMap((i) => (i.exchange ? [`${i.exchange.color}, size ${i.exchange.size}`] : [])).join("; ")}{r.status === "received" ? ", on its way next." : "."}</p>}
              {r.staffNote && <p className="text-ink-muted">“{r.staffNote}”</p>}
            </li>
          ))}
        </ul>
      )}
      {data.returnable && !open && (
        <div className="mt-3">
          <p className="text-sm text-ink-muted">You can return items until {dateFormat.format(new Date(data.returnable.until))}.</p>
          <button type="button" onClick={() => setOpen(true)} className={`${secondaryButtonClass} mt-3 h-10`}>
            Return items
          </button>
        </div>
      )}
      {data.returnable && open && (
        <form onSubmit={submit} className="mt-4 space-y-3 text-sm">
          <fieldset className="space-y-2">
            <legend className="font-medium">What are you sending back?</legend>
            {data.returnable.lines.map((l) => (
              <div key={l.itemId} className="flex items-center justify-between gap-3">
                <label htmlFor={`return-${l.itemId}`}>
                  {l.name} <span className="text-ink-muted">({l.color}, {l.size})</span>
                </label>
                <select id={`return-${l.itemId}`} value={units[l.itemId] ?? 0} onChange={(e) => setUnits((u) => ({ ...u, [l.itemId]: Number(e.target.value) }))} className="h-9 rounded-lg border border-line bg-surface px-2">
                  {Array.from({ length: l.available + 1 }, (_, n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </fieldset>
          <div>
            <label htmlFor="return-reason" className="block font-medium">
              Why are you returning them?
            </label>
            <textarea id="return-reason" required minLength={3} value={reason} onChange={(e) => setReason(e.target.value)} rows={2} className="mt-1 w-full rounded-lg border border-line bg-surface px-2 py-1.5" />
          </div>
          <fieldset className="space-y-1">
            <legend className="font-medium">What would you like instead?</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name="return-resolution" checked={resolution === "refund"} onChange={() => setResolution("refund")} className="size-4" />
              Refund to my card
            </label>
            {data.returnable.storeCreditOffered && (
              <label className="flex items-center gap-2">
                <input type="radio" name="return-resolution" checked={resolution === "store_credit"} onChange={() => setResolution("store_credit")} className="size-4" />
                Store credit, to spend on my next order
              </label>
            )}
            {exchangeable.length > 0 && (
              <label className="flex items-center gap-2">
                <input type="radio" name="return-resolution" checked={resolution === "exchange"} onChange={() => setResolution("exchange")} className="size-4" />
                An exchange for another size or colour
              </label>
            )}
          </fieldset>
          {resolution === "exchange" &&
            chosenLines.map((l) => (
              <div key={l.itemId}>
                <label htmlFor={`exchange-${l.itemId}`} className="block font-medium">
                  {l.name} ({l.color}, {l.size}): send instead
                </label>
                <select id={`exchange-${l.itemId}`} value={swaps[l.itemId] ?? ""} onChange={(e) => setSwaps((w) => ({ ...w, [l.itemId]: Number(e.target.value) }))} className="mt-1 h-9 rounded-lg border border-line bg-surface px-2">
                  <option value="">Choose…</option>
                  {l.exchangeOptions.map((o) => (
                    <option key={o.variantId} value={o.variantId}>
                      {o.color}, size {o.size}
                    </option>
                  ))}
                </select>
                {l.exchangeOptions.length === 0 && <p className="text-ink-muted">No other size or colour is in stock at this price.</p>}
              </div>
            ))}
          {error && (
            <p role="alert" className="font-medium text-red-700 dark:text-red-400">
              {error}
            </p>
          )}
          <div className="flex gap-2">
            <button type="submit" disabled={busy} className={`${buttonClass} h-10 disabled:opacity-50`}>
              {busy ? "Sending..." : "Request return"}
            </button>
            <button type="button" onClick={() => setOpen(false)} className={`${secondaryButtonClass} h-10`}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
