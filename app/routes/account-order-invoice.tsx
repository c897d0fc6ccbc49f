import { data, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/account-order-invoice";
import { servicesContext } from "~/context";
import { InvoiceDocument } from "~/components/orders/invoice-document";
import { buttonClass, StatusScreen } from "~/components/layout/status-screen";
import { requireUser } from "~/lib/guards.server";
import { pageTitle } from "~/lib/seo";
import { STANDALONE } from "~/lib/standalone";

/** The invoice of one of the shopper's paid orders; anyone else's, or an unpaid one, is a 404. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  if (!/^VS-\d{1,12}$/.test(params.orderNumber)) throw data(null, { status: 404 });
  try {
    return { invoice: await context.get(servicesContext).accounts.getInvoice({ userId: user.id, orderNumber: params.orderNumber }) };
  } catch {
    throw data(null, { status: 404 });
  }
}

export const handle = STANDALONE;
export const meta: Route.MetaFunction = ({ params, matches }) => [{ title: pageTitle(matches, `Invoice for order ${params.orderNumber}`) }, { name: "robots", content: "noindex" }];

export default function AccountOrderInvoice({ loaderData }: Route.ComponentProps) {
  return <InvoiceDocument invoice={loaderData.invoice} back={`/account/orders/${loaderData.invoice.orderNumber}`} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <StatusScreen title={isRouteErrorResponse(error) && error.status === 404 ? "Invoice Not Found" : "We couldn't load this invoice"}>
      <p>Paid orders in your account have an invoice. We couldn't find this one.</p>
      <Link to="/account/orders" className={`${buttonClass} mt-8`}>
        Your orders
      </Link>
    </StatusScreen>
  );
}
