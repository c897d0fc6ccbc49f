import { redirect } from "react-router";
import type { Route } from "./+types/admin-campaign";
import { servicesContext } from "~/context";
import { requirePermission } from "~/lib/guards.server";

/**
 * /admin/campaign was the VSOP drop's page while it was the only drop; drops are staff data now (issue 48), so the old
 * address leads to VSOP's page among them (the first drop, server/drops/seed-drops.ts), or the list should it be gone.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, "drops.write");
  const id = await context.get(servicesContext).drops.admin.idBySlug({ slug: "vsop" });
  return redirect(id === null ? "/admin/drops" : `/admin/drops/${id}`, 301);
}

/**
 * Never shown (the loader always redirects); a default export keeps this a page inside the staff frame rather than a
 * resource route, so a staff member without drops.write gets the frame's "Not allowed" page, like every staff page.
 */
export default function AdminCampaign() {
  return null;
}
