import type { Route } from "./+types/admin-recovery";
import { adminMeta } from "~/lib/admin-meta";
import { servicesContext } from "~/context";
import { AdminShell, AdminTable, StatGrid, tdClass } from "~/components/admin/admin-shell";
import { RecoverySettingsForm } from "~/components/admin/recovery-settings-form";
import { requirePermission } from "~/lib/guards.server";
import { formatPrice } from "~/lib/money";
import { can } from "../../shared/staff-permissions";
import { RECOVERY_SKIP_REASONS, SKIP_REASON_LABELS } from "../../shared/recovery";
import type { RecoveryFigures } from "../../server/recovery/recovery-report";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requirePermission(context, request, "reports.read");
  const services = context.get(servicesContext);
  const editable = can(user, "settings");
  const [report, settings, discounts] = await Promise.all([services.recovery.report(), services.recovery.settings(), editable ? services.admin.listDiscounts() : null]);
  return { report, settings, editable, codes: (discounts?.discounts ?? []).filter((c) => c.active).map((c) => c.code) };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Checkout recovery");

const dayFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const skippedTotal = (f: RecoveryFigures) => Object.values(f.skipped).reduce((a, b) => a + b, 0);
/** "No consent 3, Paid since 1", or "None". */
const skippedWords = (f: RecoveryFigures) =>
  RECOVERY_SKIP_REASONS.filter((r) => f.skipped[r] > 0)
    .map((r) => `${SKIP_REASON_LABELS[r]} ${f.skipped[r]}`)
    .join(", ") || "None";

/** Marketing → Recovery (issue 31): what the recovery emails did, per day and in all, and their settings. */
export default function AdminRecovery({ loaderData }: Route.ComponentProps) {
  const { report, settings, editable, codes } = loaderData;
  const { total } = report;
  return (
    <AdminShell title="Checkout recovery">
      <p className="mb-4 max-w-3xl text-sm text-ink-muted">The last 30 days. A link counts as opened when it is clicked (no tracking pixels). An order counts as recovered when it is paid from a cart a link restored, within 7 days of the click.</p>
      <StatGrid
        className="grid-cols-2 sm:grid-cols-3 lg:grid-cols-6"
        stats={[
          ["Checkouts left", total.abandoned],
          ["Emails sent", total.sent],
          ["Not sent", skippedTotal(total)],
          ["Links opened", total.opened],
          ["Orders recovered", total.recovered],
          ["Revenue recovered", formatPrice(total.revenueCents / 100)],
        ]}
      />
      <section aria-labelledby="skipped-heading" className="mt-8">
        <h2 id="skipped-heading" className="mb-2 text-xl font-semibold">
          Why emails were not sent
        </h2>
        <p className="mb-4 text-sm text-ink-muted">Checked right before each email.</p>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {RECOVERY_SKIP_REASONS.map((reason) => (
            <div key={reason} className="rounded-xl border border-line px-4 py-3">
              <dt className="text-sm text-ink-muted">{SKIP_REASON_LABELS[reason]}</dt>
              <dd className="font-display text-xl font-bold tabular-nums">{total.skipped[reason]}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="days-heading" className="mt-8">
        <h2 id="days-heading" className="mb-4 text-xl font-semibold">
          By day
        </h2>
        {report.days.length === 0 ? (
          <p className="rounded-2xl bg-surface-muted p-5">No checkout has been left in the last 30 days.</p>
        ) : (
          <AdminTable label="Recovery by day" headers={["Day (UTC)", "Left", "Sent", "Not sent", "Opened", "Recovered", "Revenue"]}>
            {report.days.map((d) => (
              <tr key={d.day}>
                <td className={`${tdClass} whitespace-nowrap font-semibold`}>{dayFormat.format(new Date(`${d.day}T12:00:00Z`))}</td>
                <td className={`${tdClass} tabular-nums`}>{d.abandoned}</td>
                <td className={`${tdClass} tabular-nums`}>{d.sent}</td>
                <td className={`${tdClass} tabular-nums`}>
                  {skippedTotal(d)}
                  {skippedTotal(d) > 0 && <span className="block text-xs text-ink-muted">{skippedWords(d)}</span>}
                </td>
                <td className={`${tdClass} tabular-nums`}>{d.opened}</td>
                <td className={`${tdClass} tabular-nums`}>{d.recovered}</td>
                <td className={`${tdClass} tabular-nums`}>{formatPrice(d.revenueCents / 100)}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>
      <section className="mt-8">
        {editable ? (
          <RecoverySettingsForm settings={settings} codes={codes} />
        ) : (
          <p className="rounded-2xl bg-surface-muted p-5 text-sm">Changing who gets recovery emails and when needs the “Change settings” permission.</p>
        )}
      </section>
    </AdminShell>
  );
}
