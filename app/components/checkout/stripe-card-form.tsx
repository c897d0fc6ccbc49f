import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
// The pure entry loads Stripe.js only when loadStripe is called (never in test mode).
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { Lock } from "lucide-react";
import { type FormEvent, useState } from "react";
import { buttonClass } from "~/components/layout/status-screen";
import { formatPrice } from "~/lib/money";
import type { usePaymentOutcome } from "./use-payment-outcome";

const stripes = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => stripes.get(key) ?? stripes.set(key, loadStripe(key)).get(key)!;

/** Stripe's Payment Element (DESIGN §5): confirmPayment with return_url {origin}/checkout/success, redirecting only if required. */
export function StripeCardForm(props: { publishableKey: string; clientSecret: string; total: number; outcome: ReturnType<typeof usePaymentOutcome> }) {
  return (
    <Elements stripe={stripeFor(props.publishableKey)} options={{ clientSecret: props.clientSecret, appearance: { theme: "stripe" } }}>
      <PaymentForm {...props} />
    </Elements>
  );
}

function PaymentForm({ total, outcome }: { total: number; outcome: ReturnType<typeof usePaymentOutcome> }) {
  const stripe = useStripe();
  const elements = useElements();
  const [processing, setProcessing] = useState(false);
  async function pay(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || processing) return;
    setProcessing(true);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}/checkout/success` },
        redirect: "if_required",
      });
      if (error) outcome.failed(error.message ?? "Your payment was not completed.");
      else if (paymentIntent) return outcome.succeeded(paymentIntent.id);
    } catch {
      outcome.unexpected();
    }
    setProcessing(false);
  }
  return (
    <form onSubmit={pay} className="space-y-4">
      <PaymentElement />
      <button type="submit" disabled={!stripe || processing} aria-busy={processing} className={`${buttonClass} h-12 w-full disabled:opacity-60`}>
        <Lock aria-hidden="true" className="size-4" />
        {processing ? "Processing..." : `Pay ${formatPrice(total)}`}
      </button>
    </form>
  );
}
