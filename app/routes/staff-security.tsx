import { useState } from "react";
import { data, Link, useRevalidator } from "react-router";
import type { Route } from "./+types/staff-security";
import { servicesContext } from "~/context";
import { AdminShell, StatGrid } from "~/components/admin/admin-shell";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { RecoveryCodes } from "~/components/admin/recovery-codes";
import { smallButtonClass } from "~/components/admin/staff-form-kit";
import { startTotpSetup, TotpSetup, type TotpSetupStart } from "~/components/admin/totp-setup";
import { ApiError, apiRequest } from "~/lib/api";
import { requireUser } from "~/lib/guards.server";
import { adminMeta } from "~/lib/admin-meta";
import { toast } from "~/lib/toast";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  // Every staff member may open their own; anyone else is told there is nothing here (DESIGN §6).
  if (user.role !== "admin" || !user.staff) throw data(null, { status: 404 });
  const services = context.get(servicesContext);
  const [status, passkeys] = await Promise.all([services.staffSecurity.status(user.id), services.accounts.listPasskeys({ userId: user.id })]);
  return { totp: status.totp, recoveryCodesLeft: status.recoveryCodesLeft, passkeys: passkeys.length };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Two-step sign-in");

type Panel = { at: "none" } | { at: "app"; setup: TotpSetupStart } | { at: "codes"; codes: string[] };

const failed = (e: unknown) => toast.error("That didn't work", { description: e instanceof ApiError ? e.detail : "Please try again." });

/**
 * /admin/security (issue 29): the signed-in staff member's own two-step sign-in. New recovery codes and a new or
 * removed authenticator app ask for the second factor again when it was given more than 10 minutes ago (the step-up
 * dialog in the staff frame).
 */
export default function StaffSecurity({ loaderData }: Route.ComponentProps) {
  const { totp, recoveryCodesLeft, passkeys } = loaderData;
  const revalidator = useRevalidator();
  const [panel, setPanel] = useState<Panel>({ at: "none" });
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  }
  const newCodes = () => run(async () => setPanel({ at: "codes", codes: (await apiRequest<{ recoveryCodes: string[] }>("POST", "/api/admin/security/recovery-codes", {})).recoveryCodes }));
  const newApp = () => run(async () => setPanel({ at: "app", setup: await startTotpSetup() }));
  const removeApp = () =>
    run(async () => {
      await apiRequest("DELETE", "/api/admin/security/totp");
      toast.success("Authenticator app removed");
      await revalidator.revalidate();
    });
  async function finished() {
    setPanel({ at: "none" });
    await revalidator.revalidate();
  }

  return (
    <AdminShell title="Two-step sign-in">
      <p className="mb-6 max-w-2xl text-ink-muted">After your password, staff sign-in asks for a second step: a code from an authenticator app or a passkey. Refunds, exports and changes to staff, settings or this page ask for it again after 10 minutes.</p>
      <StatGrid
        stats={[
          ["Authenticator app", totp ? "On" : "Off"],
          ["Passkeys", passkeys],
          ["Recovery codes left", recoveryCodesLeft],
        ]}
      />
      {panel.at === "app" && (
        <section aria-labelledby="security-app" className="mt-8 max-w-xl rounded-2xl border border-line p-6">
          <h2 id="security-app" className="mb-4 text-lg font-bold">
            {totp ? "Replace the authenticator app" : "Set up an authenticator app"}
          </h2>
          <TotpSetup setup={panel.setup} onConfirmed={(codes) => setPanel({ at: "codes", codes })} />
          <button type="button" onClick={() => setPanel({ at: "none" })} className={`${smallButtonClass} mt-4`}>
            Cancel
          </button>
        </section>
      )}
      {panel.at === "codes" && (
        <div className="mt-8 max-w-xl rounded-2xl border border-line p-6">
          <RecoveryCodes codes={panel.codes} onContinue={() => void finished()} continueLabel="Done" />
        </div>
      )}
      {panel.at === "none" && (
        <div className="mt-8 grid max-w-3xl gap-4 sm:grid-cols-2">
          <section aria-labelledby="security-app-actions" className="rounded-2xl border border-line p-5">
            <h2 id="security-app-actions" className="font-bold">
              Authenticator app
            </h2>
            <p className="mt-1 text-sm text-ink-muted">{totp ? "Your app gives a new 6-digit code every 30 seconds." : "Not set up. An app lets you sign in when your passkey isn't with you."}</p>
            <div className="mt-4 flex flex-wrap gap-2">
              <button type="button" onClick={newApp} disabled={busy} className={smallButtonClass}>
                {totp ? "Replace authenticator app" : "Set up an authenticator app"}
              </button>
              {totp && passkeys > 0 && (
                <ConfirmDialog
                  trigger={
                    <button type="button" disabled={busy} className={smallButtonClass}>
                      Remove authenticator app
                    </button>
                  }
                  title="Remove the authenticator app?"
                  description="The app's codes stop working. You'll sign in with your passkey, or a recovery code."
                  confirmLabel="Remove"
                  onConfirm={() => void removeApp()}
                  danger
                />
              )}
            </div>
          </section>
          <section aria-labelledby="security-codes" className="rounded-2xl border border-line p-5">
            <h2 id="security-codes" className="font-bold">
              Recovery codes
            </h2>
            <p className="mt-1 text-sm text-ink-muted">Each signs you in once when your app or passkey isn't at hand. New ones replace the old.</p>
            <div className="mt-4">
              <button type="button" onClick={newCodes} disabled={busy} className={smallButtonClass}>
                Get new recovery codes
              </button>
            </div>
          </section>
          <section aria-labelledby="security-passkeys" className="rounded-2xl border border-line p-5 sm:col-span-2">
            <h2 id="security-passkeys" className="font-bold">
              Passkeys
            </h2>
            <p className="mt-1 text-sm text-ink-muted">
              {passkeys === 0 ? "None yet." : passkeys === 1 ? "One passkey signs you in without a code." : `${passkeys} passkeys sign you in without a code.`}{" "}
              <Link to="/account?tab=security" className="font-medium text-ink underline">
                Manage passkeys
              </Link>
            </p>
          </section>
        </div>
      )}
    </AdminShell>
  );
}
