import { type FormEvent, useEffect, useState } from "react";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import { PasswordField } from "~/components/ui/password-field";
import { ApiError, apiRequest } from "~/lib/api";
import { useSessionChanged } from "~/lib/session";
import { toast } from "~/lib/toast";

interface Device {
  key: string;
  current: boolean;
  device: string;
  createdAt: string;
  lastSeenAt: string;
}

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

function ChangePassword() {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const { message } = await apiRequest<{ message: string }>("PATCH", "/api/account/password", { currentPassword: current, newPassword: next });
      toast.success("Password changed", { description: message });
      setCurrent("");
      setNext("");
      setError(null);
    } catch (e) {
      setError(e instanceof ApiError ? e.detail : "We couldn't change it. Please try again.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} aria-labelledby="password-heading" className="space-y-4 rounded-2xl border border-line p-6">
      <h2 id="password-heading" className="text-lg font-bold">
        Change password
      </h2>
      <PasswordField label="Current password" autoComplete="current-password" required value={current} onChange={(e) => setCurrent(e.target.value)} />
      <PasswordField label="New password" autoComplete="new-password" required value={next} onChange={(e) => setNext(e.target.value)} error={error ?? undefined} />
      <button type="submit" disabled={busy} className={`${buttonClass} h-11 disabled:opacity-60`}>
        {busy ? "Saving..." : "Change password"}
      </button>
    </form>
  );
}

function Devices() {
  const sessionChanged = useSessionChanged();
  const [devices, setDevices] = useState<Device[] | null>(null);
  useEffect(() => {
    apiRequest<{ sessions: Device[] }>("GET", "/api/account/sessions").then(
      (r) => setDevices(r.sessions),
      () => setDevices([]),
    );
  }, []);
  async function signOut(device: Device) {
    try {
      setDevices((await apiRequest<{ sessions: Device[] }>("DELETE", `/api/account/sessions/${device.key}`)).sessions);
      toast.success(`${device.device} signed out`);
    } catch (e) {
      toast.error("Couldn't sign it out", { description: e instanceof ApiError ? e.detail : undefined });
    }
  }
  async function everywhere() {
    await apiRequest("POST", "/api/account/sessions/sign-out-all", {});
    toast.success("Signed out everywhere");
    await sessionChanged("/login");
  }
  return (
    <section aria-labelledby="devices-heading" className="rounded-2xl border border-line p-6">
      <h2 id="devices-heading" className="text-lg font-bold">
        Signed-in devices
      </h2>
      {devices === null ? (
        <p className="mt-3 text-sm text-ink-muted">Loading…</p>
      ) : (
        <ul className="mt-3 divide-y divide-line text-sm">
          {devices.map((d) => (
            <li key={d.key} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="font-semibold">
                  {d.device}
                  {d.current && <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs text-green-900 dark:bg-green-900 dark:text-green-100">This device</span>}
                </p>
                <p className="text-ink-muted">
                  Signed in {when.format(new Date(d.createdAt))} · last seen {when.format(new Date(d.lastSeenAt))}
                </p>
              </div>
              {!d.current && (
                <button type="button" onClick={() => signOut(d)} className={`${secondaryButtonClass} h-9 px-4 text-xs`}>
                  Sign out <span className="sr-only">{d.device}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <button type="button" onClick={everywhere} className={`${secondaryButtonClass} mt-4 h-10`}>
        Sign out everywhere
      </button>
    </section>
  );
}

/** The account's Security tab: password and the devices signed in to it. */
export function SecurityTab() {
  return (
    <div className="grid max-w-4xl gap-6 lg:grid-cols-2">
      <ChangePassword />
      <Devices />
    </div>
  );
}
