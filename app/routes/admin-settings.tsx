import type { Route } from "./+types/admin-settings";
import { adminMeta } from "~/lib/admin-meta";
import { servicesContext } from "~/context";
import { AdminShell } from "~/components/admin/admin-shell";
import { AuditHistory } from "~/components/admin/audit-history";
import { LogoSettings } from "~/components/admin/logo-settings";
import { ConsentSettingsForm } from "~/components/admin/consent-settings-form";
import { SETTINGS_FORM_ID, SettingsForm } from "~/components/admin/settings-form";
import { secondaryButtonClass } from "~/components/layout/status-screen";
import { requirePermission } from "~/lib/guards.server";
import { timeZoneNames } from "../../shared/time-zones";

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(context, request, "settings");
  const { settings, admin, publicConfig } = context.get(servicesContext);
  const [current, history] = await Promise.all([settings.get(), admin.listAudit({ entity: "setting", entityId: "store" })]);
  return { settings: current, history: history.entries, tagManager: Boolean(publicConfig.gtmId), timeZones: timeZoneNames() };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Store settings");

/** /admin/settings: who the store is (issue 27). The pages, emails, structured data and exports all read these. */
export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { settings, history, tagManager, timeZones } = loaderData;
  return (
    <AdminShell
      title="Store settings"
      actions={
        <button type="submit" form={SETTINGS_FORM_ID} className={secondaryButtonClass}>
          Save settings
        </button>
      }
    >
      <p className="mb-6 max-w-2xl text-ink-muted">The store's name, address, contact, email sender, logo and social links. Every page, email and feed reads them from here; a change shows at once.</p>
      <div className="max-w-3xl">
        <SettingsForm settings={settings} timeZones={timeZones} logo={<LogoSettings logo={settings.logo} name={settings.storeName} />} />
        <div className="mt-8">
          <ConsentSettingsForm scope={settings.consentScope} tagManager={tagManager} />
        </div>
      </div>
      <AuditHistory entries={history} label="Settings history" />
    </AdminShell>
  );
}
