import type { Route } from "./+types/admin-tax";
import { adminMeta } from "~/lib/admin-meta";
import { servicesContext } from "~/context";
import { AddressTestPanel } from "~/components/admin/address-test-panel";
import { AdminShell } from "~/components/admin/admin-shell";
import { TaxCategories } from "~/components/admin/tax-categories";
import { TaxZoneRates } from "~/components/admin/tax-rates";
import { TaxReport } from "~/components/admin/tax-report";
import { TaxSettingsForm } from "~/components/admin/tax-settings-form";
import { ZoneCard } from "~/components/admin/zone-card";
import { ZoneForm } from "~/components/admin/zone-form";
import { requirePermission } from "~/lib/guards.server";
import { taxReportQuery } from "../../server/tax/tax-admin-schemas";

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, "settings");
  const { taxAdmin } = context.get(servicesContext);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const query = taxReportQuery.safeParse({ from: params.from || undefined, to: params.to || undefined });
  const [overview, report] = await Promise.all([taxAdmin.overview(), taxAdmin.report(query.success ? query.data : {})]);
  return { ...overview, report };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Tax");

export default function AdminTax({ loaderData }: Route.ComponentProps) {
  const { settings, categories, zones, report } = loaderData;
  return (
    <AdminShell title="Tax">
      <p className="mb-6 max-w-3xl text-ink-muted">
        Tax follows the shipping address: the zone with the most specific region that covers it (a postcode prefix, then a state or province, then a country, then a zone with no regions) gives the rates. Every change applies to the next cart and checkout.
      </p>
      <div className="space-y-8">
        <TaxSettingsForm key={JSON.stringify(settings)} settings={settings} />
        <section aria-labelledby="tax-zones-title">
          <h2 id="tax-zones-title" className="mb-3 font-display text-2xl font-bold">
            Tax zones
          </h2>
          <div className="space-y-5">
            {zones.map((zone) => (
              <ZoneCard key={`${zone.id}-${JSON.stringify(zone.regions)}-${zone.name}`} kind="tax" zone={zone} deleteWarning="Its rates go with it; addresses it covered pay the next most specific zone's rates.">
                <TaxZoneRates zone={zone} categories={categories} />
              </ZoneCard>
            ))}
            <div className="rounded-2xl border border-dashed border-line p-4 sm:p-5">
              <h3 className="mb-3 font-display text-xl font-bold">Add a tax zone</h3>
              <ZoneForm kind="tax" />
            </div>
          </div>
        </section>
        <TaxCategories categories={categories} />
        <AddressTestPanel kind="tax" />
        <TaxReport report={report} />
      </div>
    </AdminShell>
  );
}
