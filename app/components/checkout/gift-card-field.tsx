import { type FormEvent, useState } from "react";
import { apiRequest, ApiError } from "~/lib/api";
import { formatPrice } from "~/lib/money";
import { CodeForm } from "./code-form";

export interface AppliedGiftCard {
  last4: string;
  balanceCents: number;
  /** What it pays of this order (the quote's split). */
  amountCents: number;
}

/**
 * "Gift card": a code checked by the server (POST /api/checkout/gift-cards), kept with the cart; the applied cards by
 * their last 4 with what each pays and a remove button. `onChange` asks for a fresh quote (issue 51).
 */
export function GiftCardField({ applied, disabled, onChange }: { applied: AppliedGiftCard[]; disabled: boolean; onChange: () => void }) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(method: "POST" | "DELETE", path: string, body?: unknown) {
    setBusy(true);
    try {
      await apiRequest(method, path, body);
      setError(null);
      onChange();
      return true;
    } catch (e) {
      setError(e instanceof ApiError ? e.detail : "We couldn't check that gift card. Please try again.");
      return false;
    } finally {
      setBusy(false);
    }
  }
  async function apply(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError("Enter the gift card's code.");
    if (await send("POST", "/api/checkout/gift-cards", { code: code.trim() })) setCode("");
  }

  return (
    <div className="space-y-2">
      {applied.length > 0 && (
        <ul aria-label="Gift cards applied" className="space-y-1">
          {applied.map((card) => (
            <li key={card.last4} className="flex items-center justify-between rounded-xl bg-green-50 px-3 py-2 text-sm text-green-800 dark:bg-green-950 dark:text-green-300">
              <span>
                Gift card ending in <strong>{card.last4}</strong>: −{formatPrice(card.amountCents / 100)}
              </span>
              {!disabled && (
                <button type="button" className="font-medium underline" disabled={busy} aria-label={`Remove gift card ending in ${card.last4}`} onClick={() => void send("DELETE", `/api/checkout/gift-cards/${card.last4}`)}>
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <CodeForm label="Gift card" value={code} onChange={setCode} onSubmit={apply} disabled={disabled} busy={busy} error={error} placeholder="XXXX-XXXX-XXXX-XXXX" applyLabel="Apply gift card" />
    </div>
  );
}
