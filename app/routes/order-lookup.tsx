import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import type { LookedUpOrder } from "../../server/orders/order-lookup";
import { OrderBadge } from "~/components/account/order-badge";
import { ReturnsPanel } from "~/components/account/returns-panel";
import { OrderEdits } from "~/components/orders/order-edits";
import { isAwaitingShipment, OrderDetails } from "~/components/checkout/order-details";
import { buttonClass } from "~/components/layout/status-screen";
import { ApiError, apiRequest } from "~/lib/api";
import { useUser } from "~/lib/session";
import { pageTitle, seo } from "~/lib/seo";
import type { Route } from "./+types/order-lookup";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo({ title: pageTitle(matches, "Track an order"), description: "Find an order by its number and email: its status, items and tracking.", path: "/orders/lookup", matches }),
  { name: "robots", content: "noindex" },
];

const inputClass = "mt-1.5 h-11 w-full rounded-xl border border-line bg-surface px-3.5 text-base";
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long" });

/** /orders/lookup: a guest finds an order by number and email (an account's orders are under /account). */
export default function OrderLookupPage() {
  const user = useUser();
  const [result, setResult] = useState<LookedUpOrder | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const [asked, setAsked] = useState<{ orderNumber: string; email: string } | null>(null);

  async function load(query: { orderNumber: string; email: string }) {
    setResult(await apiRequest<LookedUpOrder>("POST", "/api/orders/lookup", query));
    setAsked(query);
  }

  async function find(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    try {
      await load({ orderNumber: String(form.get("orderNumber")).trim(), email: String(form.get("email")).trim() });
      setError(null);
    } catch (e) {
      setResult(null);
      setError(e instanceof ApiError ? e.detail : "We couldn't look that up. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="container-page max-w-3xl pb-8 pt-6">
      <h1 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">Track an order</h1>
      <p className="mt-2 text-ink-muted">
        Enter the order number from your confirmation email and the email you ordered with.
        {user && (
          <>
            {" "}
            Your account's orders are all in{" "}
            <Link to="/account/orders" className="font-semibold underline">
              your account
            </Link>
            .
          </>
        )}
      </p>
      <form onSubmit={find} className="mt-6 grid gap-4 rounded-2xl border border-line p-5 sm:grid-cols-[1fr_1.4fr_auto] sm:items-end">
        <div>
          <label htmlFor="lookup-number" className="block text-sm font-medium">
            Order number
          </label>
          <input id="lookup-number" name="orderNumber" required placeholder="VS-100123" autoComplete="off" className={`${inputClass} uppercase`} />
        </div>
        <div>
          <label htmlFor="lookup-email" className="block text-sm font-medium">
            Email
          </label>
          <input id="lookup-email" name="email" type="email" required autoComplete="email" className={inputClass} />
        </div>
        <button type="submit" disabled={busy} className={`${buttonClass} h-11 disabled:opacity-60`}>
          {busy ? "Finding..." : "Find order"}
        </button>
      </form>
      <div aria-live="polite">
        {error && (
          <p role="alert" className="mt-4 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800 dark:bg-red-950 dark:text-red-200">
            {error}
          </p>
        )}
        {result && (
          <article aria-labelledby="found-heading" className="mt-8">
            <header className="flex flex-wrap items-center gap-3">
              <h2 id="found-heading" className="font-display text-2xl font-bold">
                Order {result.order.orderNumber}
              </h2>
              <OrderBadge status={result.order.status} refunded={result.order.refunded} />
            </header>
            <p className="mt-1 text-ink-muted">
              Placed {dateFormat.format(new Date(result.order.createdAt))} · shipping to {result.shipping.name}, {result.shipping.city}, {result.shipping.region} {result.shipping.postalCode}, {result.shipping.country}
            </p>
            <div className="mt-6">
              <OrderDetails answer={result} nextSteps={isAwaitingShipment(result.order.status)} />
            </div>
            {result.edits.length > 0 && (
              <div className="mt-8">
                <OrderEdits edits={result.edits} large />
              </div>
            )}
            {asked && <ReturnsPanel orderNumber={result.order.orderNumber} email={asked.email} data={result} onChanged={() => load(asked)} />}
          </article>
        )}
      </div>
    </div>
  );
}
