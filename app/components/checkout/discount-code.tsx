import { type FormEvent, useId, useState, useSyncExternalStore } from "react";
import { OFFER_CODE_KEY } from "~/components/marketing/exit-intent-popup";
import { ApiError } from "~/lib/api";

const noSubscription = () => () => {};
/** The exit-intent offer's code, kept in this browser when it was given. */
function readOffer(): string | null {
  try {
    return localStorage.getItem(OFFER_CODE_KEY);
  } catch {
    return null;
  }
}

/** Checks a code with the server (`onApply` reprices the checkout, or throws the server's refusal). */
export function DiscountCode({ applied, label, onApply, onRemove, disabled }: { applied: string | null; label?: string | null; onApply: (code: string) => Promise<unknown>; onRemove: () => void; disabled: boolean }) {
  const id = useId();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const offer = useSyncExternalStore(noSubscription, readOffer, () => null);
  async function apply(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return;
    setBusy(true);
    try {
      await onApply(code.trim());
      setError(null);
      setCode("");
    } catch (e) {
      setError(e instanceof ApiError ? e.detail : "We couldn't check that code. Please try again.");
    } finally {
      setBusy(false);
    }
  }
  if (applied) {
    return (
      <p className="flex items-center justify-between rounded-xl bg-green-50 px-3 py-2 text-sm text-green-800 dark:bg-green-950 dark:text-green-300">
        <span>
          Code <strong>{applied}</strong> applied{label ? `: ${label}` : ""}
        </span>
        {!disabled && (
          <button type="button" className="font-medium underline" onClick={onRemove}>
            Remove
          </button>
        )}
      </p>
    );
  }
  return (
    <form onSubmit={apply}>
      <label htmlFor={id} className="block text-sm font-medium">
        Discount code
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id={id}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          disabled={disabled}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-11 min-w-0 flex-1 rounded-xl border border-line bg-surface px-3.5 text-base uppercase text-ink focus:border-ink focus:outline-none"
        />
        <button type="submit" disabled={disabled || busy} className="h-11 rounded-xl border border-ink px-4 text-sm font-semibold hover:bg-ink hover:text-surface disabled:opacity-50">
          {busy ? "Checking..." : "Apply"}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      {offer && !code && !disabled && (
        <button type="button" onClick={() => setCode(offer)} className="mt-2 text-sm font-medium text-brand-700 underline dark:text-brand-500">
          Use your 15% code {offer}
        </button>
      )}
    </form>
  );
}
