import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/order-confirmation";
import { PartyPopper } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import { useOrderStatus } from "~/lib/order-status";
import { QueryProvider } from "~/lib/query-client";
import { formatPrice } from "~/lib/money";
import { useTrackPurchase } from "~/lib/track-purchase";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Thank you") }, { name: "robots", content: "noindex" }];

const REDIRECT_MS = 3000;

/** SPEC §2 /order-confirmation: a thank-you; without a payment_intent it returns home after 3 seconds. */
export default function OrderConfirmation() {
  return (
    <QueryProvider>
      <ThankYou />
    </QueryProvider>
  );
}

function ThankYou() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const paymentIntentId = params.get("payment_intent");
  const { data } = useOrderStatus(paymentIntentId);
  useTrackPurchase(data);
  useEffect(() => {
    if (paymentIntentId) return;
    const timer = setTimeout(() => navigate("/", { replace: true }), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [paymentIntentId, navigate]);
  return (
    <section className="container-page grid min-h-[55vh] place-items-center py-16 text-center">
      <div className="max-w-lg">
        <PartyPopper aria-hidden="true" className="mx-auto size-12 text-brand-700 dark:text-brand-500" />
        <h1 className="mt-4 font-display text-3xl font-bold tracking-tight sm:text-4xl">Thank you for your order!</h1>
        {data ? (
          <p className="mt-4 text-ink-muted">
            Order <strong className="text-ink">{data.order.orderNumber}</strong> · {formatPrice(data.order.totalAmount)} · a confirmation email is on its way to {data.order.email}.
          </p>
        ) : (
          <p className="mt-4 text-ink-muted">{paymentIntentId ? "Your order is confirmed." : "Taking you back to the home page..."}</p>
        )}
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/" className={buttonClass}>
            Continue Shopping
          </Link>
          <Link to="/account/orders" className={secondaryButtonClass}>
            View My Orders
          </Link>
        </div>
      </div>
    </section>
  );
}
