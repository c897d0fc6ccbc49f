import { data } from "react-router";
import type { Route } from "./+types/admin-order-invoice";
import { servicesContext } from "~/context";
import { InvoiceDocument } from "~/components/orders/invoice-document";
import { adminMeta } from "~/lib/admin-meta";
import { requirePermission } from "~/lib/guards.server";
import { STANDALONE } from "~/lib/standalone";

/** Any paid order's invoice, for staff who may read orders; the staff layout shows the errors. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requirePermission(context, request, "orders.read");
  if (!/^VS-\d{1,12}$/.test(params.orderNumber)) throw data(null, { status: 404 });
  try {
    return { invoice: await context.get(servicesContext).admin.getInvoice({ orderNumber: params.orderNumber }) };
  } catch {
    throw data(null, { status: 404 });
  }
}

export const handle = STANDALONE;
export const meta: Route.MetaFunction = ({ params, matches }) => adminMeta(matches, `Invoice for ${params.orderNumber}`);

export default function AdminOrderInvoice({ loaderData }: Route.ComponentProps) {
  return <InvoiceDocument invoice={loaderData.invoice} back={`/admin/orders/${loaderData.invoice.orderNumber}`} />;
}
