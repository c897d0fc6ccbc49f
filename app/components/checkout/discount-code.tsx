import { type FormEvent, useState, useSyncExternalStore } from "react";
import { OFFER_CODE_KEY } from "~/components/marketing/exit-intent-popup";
import { ApiError } from "~/lib/api";
import { CodeForm } from "./code-form";

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
    <CodeForm label="Discount code" value={code} onChange={setCode} onSubmit={apply} disabled={disabled} busy={busy} error={error}>
      {offer && !code && !disabled && (
        <button type="button" onClick={() => setCode(offer)} className="mt-2 text-sm font-medium text-brand-700 underline dark:text-brand-500">
          Use your 15% code {offer}
        </button>
      )}
    </CodeForm>
  );
}
