import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { data, Link, useRevalidator } from "react-router";
import { CheckCircle2, Clock } from "lucide-react";
import type { Route } from "./+types/order-edit-payment";
import { servicesContext } from "~/context";
import { AuthCard } from "~/components/auth/auth-card";
import { TestCardForm } from "~/components/checkout/test-card-form";
import { buttonClass } from "~/components/layout/status-screen";
import { formatPrice } from "~/lib/money";
import { pageTitle } from "~/lib/seo";
import { toast } from "~/lib/toast";

const StripeCardForm = lazy(() => import("~/components/checkout/stripe-card-form").then((m) => ({ default: m.StripeCardForm })));

// The link's token is the shopper's key to this payment: never sent on as a referrer, never stored by a cache.
export const headers = () => ({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" });
export const handle = { breadcrumb: () => "Pay the difference" };
export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Pay the difference") }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(params.token)) throw data(null, { status: 404 });
  try {
    return await context.get(servicesContext).orderEdits.getEditPayment({ token: params.token });
  } catch {
    throw data(null, { status: 404 });
  }
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short" });

/**
 * /orders/pay/{token}: the link emailed when staff change an order to a higher total (issue 51). The shopper sees the
 * changes and pays the difference; the order changes only once the payment succeeds.
 */
export default function OrderEditPayment({ loaderData: edit }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [paid, setPaid] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const done = paid || edit.status === "applied";
  useEffect(() => {
    if (paid) heading.current?.focus();
  }, [paid]);
  const outcome = {
    succeeded() {
      setPaid(true);
      toast.success("Payment Successful", { description: `Order ${edit.orderNumber} has been changed.` });
      void revalidator.revalidate();
    },
    failed(message: string) {
      toast.error("Payment Failed", { description: message, duration: 6000 });
    },
    unexpected() {
      toast.error("Payment Error", { description: "An unexpected error occurred during payment processing." });
    },
  };
  const difference = edit.differenceCents / 100;
  return (
    <AuthCard title={`Order ${edit.orderNumber}`} subtitle={done ? "Your order has been changed." : "We've changed your order as you asked."}>
      <section aria-labelledby="changes-heading" className="rounded-2xl bg-surface-muted p-5 text-sm">
        <h2 id="changes-heading" className="font-semibold">
          The changes
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {edit.changes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <dl className="mt-4 grid grid-cols-[1fr_auto] gap-y-1 tabular-nums">
          <dt>New total</dt>
          <dd className="text-right font-medium">{formatPrice(edit.newTotalCents / 100)}</dd>
          <dt>Difference to pay</dt>
          <dd className="text-right font-semibold">{formatPrice(difference)}</dd>
        </dl>
      </section>
      <div className="mt-6">
        {done ? (
          <div role="status" className="flex gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <div>
              <h2 ref={heading} tabIndex={-1} className="font-semibold outline-none">
                Paid, thank you
              </h2>
              <p>We've emailed you the changed order. It ships as it now stands.</p>
            </div>
          </div>
        ) : edit.payment ? (
          <div className="space-y-4">
            <p className="flex items-center gap-2 text-sm text-ink-muted">
              <Clock aria-hidden="true" className="size-4 shrink-0" />
              Pay by {dateFormat.format(new Date(edit.expiresAt!))}. Until then your order stays as it was.
            </p>
            {edit.paymentError && (
              <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
                The last attempt didn't go through: {edit.paymentError}
              </p>
            )}
            {edit.payment.provider === "stripe" && edit.payment.publishableKey ? (
              <Suspense fallback={<p className="text-sm text-ink-muted">Loading the secure card form...</p>}>
                <StripeCardForm publishableKey={edit.payment.publishableKey} clientSecret={edit.payment.clientSecret} total={difference} outcome={outcome} />
              </Suspense>
            ) : (
              <TestCardForm paymentIntentId={edit.payment.paymentIntentId} clientSecret={edit.payment.clientSecret} total={difference} outcome={outcome} />
            )}
          </div>
        ) : (
          <div role="status" className="rounded-xl bg-surface-muted px-4 py-3 text-sm">
            <p className="font-semibold">This link has lapsed</p>
            <p className="mt-1 text-ink-muted">The change wasn't paid in time, so your order stays as it was. Contact us if you'd still like it changed.</p>
            <Link to="/contact" className={`${buttonClass} mt-4 h-11 w-full`}>
              Contact us
            </Link>
          </div>
        )}
      </div>
    </AuthCard>
  );
}
