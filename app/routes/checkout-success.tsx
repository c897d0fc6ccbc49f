import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/checkout-success";
import { Loader2 } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { buttonClass, secondaryButtonClass, StatusScreen } from "~/components/layout/status-screen";
import { OrderDetails } from "~/components/checkout/order-details";
import { useOrderStatus } from "~/lib/order-status";
import { QueryProvider } from "~/lib/query-client";
import { useTrackPurchase } from "~/lib/track-purchase";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Order confirmed") }, { name: "robots", content: "noindex" }];

const PAID = new Set(["paid", "processing", "shipped", "delivered"]);
const ENDED = new Set(["failed", "canceled", "expired", "refunded"]);

/** SPEC §2 /checkout/success: where the payment provider returns the shopper. */
export default function CheckoutSuccess() {
  return (
    <QueryProvider>
      <OrderOutcome />
    </QueryProvider>
  );
}

function OrderOutcome() {
  const [params] = useSearchParams();
  const paymentIntentId = params.get("payment_intent");
  const { data, isPending, isError } = useOrderStatus(paymentIntentId);
  useTrackPurchase(data);
  if (paymentIntentId && isPending) {
    return (
      <div role="status" className="grid min-h-[50vh] place-items-center">
        <Loader2 aria-hidden="true" className="size-10 animate-spin text-ink-muted" />
        <span className="sr-only">Loading your order</span>
      </div>
    );
  }
  if (!paymentIntentId || isError || !data) {
    return (
      <StatusScreen title="Order Not Found">
        <p>We couldn't find your order. Please check your email for order confirmation.</p>
        <Link to="/" className={`${buttonClass} mt-8`}>
          Back to Home
        </Link>
      </StatusScreen>
    );
  }
  const { order } = data;
  const ended = ENDED.has(order.status);
  return (
    <div className="container-page max-w-3xl pb-8 pt-10">
      <header className="text-center">
        <h1 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">{ended ? "Payment Not Completed" : "Order Confirmed!"}</h1>
        <p className="mt-3 text-ink-muted">
          Order number <strong className="text-ink">{order.orderNumber}</strong>
        </p>
        <p className="mt-3">
          <span className={`inline-block rounded-full px-3 py-1 text-sm font-semibold ${PAID.has(order.status) ? "bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-200" : "bg-surface-muted text-ink"}`}>
            {order.status === "paid" ? "Paid" : order.status}
          </span>
        </p>
        {order.status === "pending" && <p className="mt-3 text-sm text-ink-muted" role="status">We're confirming your payment. This page updates by itself.</p>}
        {ended && <p className="mt-3 text-sm text-ink-muted">Your card was not charged for this order. You can try again from checkout.</p>}
      </header>
      <div className="mt-10">{!ended && <OrderDetails answer={data} />}</div>
      <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/" className={buttonClass}>
          Continue Shopping
        </Link>
        <Link to={ended ? "/checkout" : "/vsop"} className={secondaryButtonClass}>
          {ended ? "Back to checkout" : "Explore More VSOP"}
        </Link>
      </div>
    </div>
  );
}
