import type { Route } from "./+types/admin-shipping";
import { adminMeta } from "~/lib/admin-meta";
import { servicesContext } from "~/context";
import { AddressTestPanel } from "~/components/admin/address-test-panel";
import { AdminShell } from "~/components/admin/admin-shell";
import { ShippingZoneRates } from "~/components/admin/shipping-rates";
import { ZoneCard } from "~/components/admin/zone-card";
import { ZoneForm } from "~/components/admin/zone-form";
import { requirePermission } from "~/lib/guards.server";
import { formatPrice } from "~/lib/money";

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, "settings");
  return context.get(servicesContext).shippingAdmin.overview();
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Shipping");

const freeFrom = (cents: number | null) => (cents === null ? "Nothing ships free here" : cents === 0 ? "Ships free on every order" : `Ships free from ${formatPrice(cents / 100)}`);

export default function AdminShipping({ loaderData }: Route.ComponentProps) {
  const { zones } = loaderData;
  return (
    <AdminShell title="Shipping">
      <div className="mb-6 max-w-3xl space-y-2 text-ink-muted">
        <p>Shoppers are offered the rates of the zone with the most specific region that covers their address (a postcode prefix, then a state or province, then a country, then a zone with no regions), cheapest first.</p>
        <p>Subtotal bands and free-shipping minimums use the subtotal after discounts and before tax. A band runs from its minimum up to, not including, its maximum.</p>
      </div>
      <div className="space-y-8">
        <section aria-labelledby="shipping-zones-title">
          <h2 id="shipping-zones-title" className="mb-3 font-display text-2xl font-bold">
            Shipping zones
          </h2>
          <div className="space-y-5">
            {zones.map((zone) => (
              <ZoneCard
                key={`${zone.id}-${JSON.stringify(zone.regions)}-${zone.name}`}
                kind="shipping"
                zone={zone}
                summary={<p className="text-sm text-ink-muted">{freeFrom(zone.freeFromCents)}</p>}
                deleteWarning="Its rates go with it; addresses it covered are shipped by the next most specific zone, or not at all."
              >
                <ShippingZoneRates zone={zone} />
              </ZoneCard>
            ))}
            <div className="rounded-2xl border border-dashed border-line p-4 sm:p-5">
              <h3 className="mb-3 font-display text-xl font-bold">Add a shipping zone</h3>
              <ZoneForm kind="shipping" />
            </div>
          </div>
        </section>
        <AddressTestPanel kind="shipping" />
      </div>
    </AdminShell>
  );
}
