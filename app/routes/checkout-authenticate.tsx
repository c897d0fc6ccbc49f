import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/checkout-authenticate";
import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { buttonClass, secondaryButtonClass, StatusScreen } from "~/components/layout/status-screen";
import { usePaymentOutcome } from "~/components/checkout/use-payment-outcome";
import { apiRequest, ApiError } from "~/lib/api";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Confirm your payment") }, { name: "robots", content: "noindex" }];

/** The test provider's stand-in for a bank's 3-D Secure page; completing it returns through /checkout/success. */
export default function AuthenticatePayment() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const outcome = usePaymentOutcome(() => {});
  const [busy, setBusy] = useState(false);
  const id = params.get("payment_intent");
  const clientSecret = params.get("payment_intent_client_secret");
  if (!id || !clientSecret) {
    return (
      <StatusScreen title="Nothing to confirm">
        <Link to="/checkout" className={`${buttonClass} mt-8`}>
          Back to checkout
        </Link>
      </StatusScreen>
    );
  }
  async function answer(result: "complete" | "fail") {
    setBusy(true);
    try {
      const done = await apiRequest<{ redirectUrl: string }>("POST", `/api/test-payments/${encodeURIComponent(id!)}/authenticate`, { clientSecret, outcome: result });
      navigate(done.redirectUrl, { replace: true });
    } catch (error) {
      if (error instanceof ApiError) outcome.failed(error.detail);
      else outcome.unexpected();
      navigate("/checkout", { replace: true });
    }
  }
  return (
    <section className="container-page grid min-h-[55vh] place-items-center py-12">
      <div className="w-full max-w-md rounded-3xl border border-line bg-surface-raised p-8 text-center shadow-xl">
        <ShieldCheck aria-hidden="true" className="mx-auto size-12 text-brand-700 dark:text-brand-500" />
        <h1 className="mt-4 text-2xl font-bold">Confirm your payment</h1>
        <p className="mt-3 text-ink-muted">Test mode: this step stands in for your bank's security check. Choose how it should end.</p>
        <div className="mt-8 grid gap-3">
          <button type="button" disabled={busy} onClick={() => answer("complete")} className={`${buttonClass} disabled:opacity-60`}>
            Complete authentication
          </button>
          <button type="button" disabled={busy} onClick={() => answer("fail")} className={`${secondaryButtonClass} disabled:opacity-60`}>
            Fail authentication
          </button>
        </div>
      </div>
    </section>
  );
}
