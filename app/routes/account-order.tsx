import { pageTitle } from "~/lib/seo";
import { data, isRouteErrorResponse, Link, useRevalidator } from "react-router";
import { ReturnsPanel } from "~/components/account/returns-panel";
import { OrderEdits } from "~/components/orders/order-edits";
import type { Route } from "./+types/account-order";
import { servicesContext } from "~/context";
import { OrderBadge } from "~/components/account/order-badge";
import { isAwaitingShipment, OrderDetails } from "~/components/checkout/order-details";
import { buttonClass, secondaryButtonClass, StatusScreen } from "~/components/layout/status-screen";
import { requireUser } from "~/lib/guards.server";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  if (!/^VS-\d{1,12}$/.test(params.orderNumber)) throw data(null, { status: 404 });
  try {
    return { order: await context.get(servicesContext).accounts.getOrder({ userId: user.id, orderNumber: params.orderNumber }) };
  } catch {
    throw data(null, { status: 404 });
  }
}

export const handle = { breadcrumb: (d: { order?: { order: { orderNumber: string } } } | undefined) => d?.order?.order.orderNumber };
export const meta: Route.MetaFunction = ({ params, matches }) => [{ title: pageTitle(matches, `Order ${params.orderNumber}`) }, { name: "robots", content: "noindex" }];

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long" });

export default function AccountOrder({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const revalidator = useRevalidator();
  const { shipping } = order;
  return (
    <div className="container-page max-w-3xl pb-8 pt-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="font-display text-3xl font-bold tracking-tight">Order {order.order.orderNumber}</h1>
        <OrderBadge status={order.order.status} refunded={order.order.refunded} />
      </header>
      <div className="mt-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="text-ink-muted">Placed {dateFormat.format(new Date(order.order.createdAt))}</p>
        <Link to={`/account/orders/${order.order.orderNumber}/invoice`} className="font-semibold underline underline-offset-4">
          View invoice
        </Link>
      </div>
      <div className="mt-8">
        <OrderDetails answer={order} nextSteps={isAwaitingShipment(order.order.status)} />
      </div>
      {order.edits.length > 0 && (
        <div className="mt-8">
          <OrderEdits edits={order.edits} large />
        </div>
      )}
      <ReturnsPanel orderNumber={order.order.orderNumber} data={order} onChanged={() => revalidator.revalidate()} />
      {order.order.status === "delivered" && (
        <section aria-labelledby="review-heading" className="mt-8 rounded-2xl border border-line p-5 text-sm">
          <h2 id="review-heading" className="text-lg font-bold">
            How did it go?
          </h2>
          <p className="mt-1 text-ink-muted">Your review helps other shoppers choose, and tells them how it fits.</p>
          <ul className="mt-3 space-y-2">
            {[...new Map(order.items.map((i) => [i.product.id, i.product])).values()].map((product) => (
              <li key={product.id}>
                <Link to={`/product/${product.id}#reviews`} className="font-semibold underline">
                  Review the {product.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="ship-heading" className="mt-8 rounded-2xl bg-surface-muted p-5 text-sm">
        <h2 id="ship-heading" className="text-lg font-bold">
          Shipping address
        </h2>
        <address className="mt-2 not-italic leading-6">
          {shipping.name}
          <br />
          {shipping.line1}
          {shipping.line2 && (
            <>
              <br />
              {shipping.line2}
            </>
          )}
          <br />
          {shipping.city}, {shipping.region} {shipping.postalCode}
          <br />
          {shipping.country}
        </address>
      </section>
      <div className="mt-8 flex gap-3">
        <Link to="/account/orders" className={secondaryButtonClass}>
          All orders
        </Link>
        <Link to="/" className={buttonClass}>
          Continue Shopping
        </Link>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <StatusScreen title={isRouteErrorResponse(error) && error.status === 404 ? "Order Not Found" : "We couldn't load this order"}>
      <p>We couldn't find that order in your account.</p>
      <Link to="/account/orders" className={`${buttonClass} mt-8`}>
        Your orders
      </Link>
    </StatusScreen>
  );
}
