import { FlaskConical, Lock } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { buttonClass } from "~/components/layout/status-screen";
import { apiRequest, ApiError } from "~/lib/api";
import { formatPrice } from "~/lib/money";
import { TextField } from "./text-field";
import type { usePaymentOutcome } from "./use-payment-outcome";

const groupDigits = (value: string) => value.replace(/\D/g, "").slice(0, 19).replace(/(\d{4})(?=\d)/g, "$1 ");
const formatExpiry = (value: string) => {
  const digits = value.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
};

/** The built-in test provider's card form (DESIGN §5). Card details go straight to our API and are not kept. */
export function TestCardForm({ paymentIntentId, clientSecret, total, outcome }: { paymentIntentId: string; clientSecret: string; total: number; outcome: ReturnType<typeof usePaymentOutcome> }) {
  const navigate = useNavigate();
  const [card, setCard] = useState({ number: "", expiry: "", cvc: "", name: "" });
  const [processing, setProcessing] = useState(false);
  async function pay(event: FormEvent) {
    event.preventDefault();
    if (processing) return;
    setProcessing(true);
    try {
      const result = await apiRequest<{ status: string; redirectUrl?: string }>("POST", `/api/test-payments/${paymentIntentId}/confirm`, {
        clientSecret,
        cardNumber: card.number,
        expiry: card.expiry.replace(/\s/g, ""),
        cvc: card.cvc,
        nameOnCard: card.name || undefined,
      });
      if (result.status === "requires_action" && result.redirectUrl) {
        navigate(result.redirectUrl);
        return;
      }
      outcome.succeeded(paymentIntentId);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 402 || error.status === 409 || error.status === 400)) outcome.failed(error.detail);
      else outcome.unexpected();
      setProcessing(false);
    }
  }
  return (
    <form onSubmit={pay} className="space-y-4">
      <div role="note" className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200">
        <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <p>
          <strong>Test mode:</strong> no real card is charged. Use 4242 4242 4242 4242 to pay, 4000 0000 0000 0002 for a decline or 4000 0025 0000
          3155 for an authentication step, with any future date and any CVC.
        </p>
      </div>
      <TextField label="Card number" inputMode="numeric" autoComplete="cc-number" required placeholder="1234 1234 1234 1234" value={card.number} onChange={(e) => setCard((c) => ({ ...c, number: groupDigits(e.target.value) }))} />
      <div className="grid grid-cols-2 gap-4">
        <TextField label="Expiry (MM / YY)" inputMode="numeric" autoComplete="cc-exp" required placeholder="MM / YY" value={card.expiry} onChange={(e) => setCard((c) => ({ ...c, expiry: formatExpiry(e.target.value) }))} />
        <TextField label="CVC" inputMode="numeric" autoComplete="cc-csc" required placeholder="123" maxLength={4} value={card.cvc} onChange={(e) => setCard((c) => ({ ...c, cvc: e.target.value.replace(/\D/g, "") }))} />
      </div>
      <TextField label="Name on card" autoComplete="cc-name" value={card.name} onChange={(e) => setCard((c) => ({ ...c, name: e.target.value }))} />
      <button type="submit" disabled={processing} aria-busy={processing} className={`${buttonClass} h-12 w-full disabled:opacity-60`}>
        <Lock aria-hidden="true" className="size-4" />
        {processing ? "Processing..." : `Pay ${formatPrice(total)}`}
      </button>
    </form>
  );
}
