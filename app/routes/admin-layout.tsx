import { isRouteErrorResponse, Outlet, useMatches } from "react-router";
import { AdminFrame } from "~/components/admin/admin-frame";
import { AdminShell } from "~/components/admin/admin-shell";
import { NotAllowedMessage, notAllowedOf } from "~/components/admin/not-allowed";
import { NotFound } from "~/components/layout/not-found";
import { useUser } from "~/lib/session";
import { isStandalone } from "~/lib/standalone";
import type { Route } from "./+types/admin-layout";

/**
 * Every staff page's layout: the staff frame, rendered once (pages keep their own guards and AdminShell for their
 * title). An error on a staff page shows inside the frame, so the sections stay at hand;
 * visitors who aren't staff get the storefront's 404.
 */
export default function AdminLayout() {
  // A printable document (an order's invoice) is the page alone, on screen as on paper.
  if (isStandalone(useMatches())) return <Outlet />;
  return (
    <AdminFrame>
      <Outlet />
    </AdminFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Anyone but staff is told there is nothing here, in the storefront's frame (DESIGN §6; app/root.tsx).
  const staff = useUser()?.role === "admin";
  if (!staff) return <NotFound />;
  const missing = isRouteErrorResponse(error) && error.status === 404;
  // A staff member whose role lacks the page's permission (403 from its guard) is told so.
  const notAllowed = notAllowedOf(error);
  if (notAllowed) {
    return (
      <AdminFrame>
        <AdminShell title="Not allowed">
          <NotAllowedMessage data={notAllowed} />
        </AdminShell>
      </AdminFrame>
    );
  }
  return (
    <AdminFrame>
      <AdminShell title={missing ? "Not found" : "Something went wrong"}>
        <p className="text-ink-muted">{missing ? "There is nothing at this address." : "This page couldn't load. Please try again in a moment."}</p>
      </AdminShell>
    </AdminFrame>
  );
}
