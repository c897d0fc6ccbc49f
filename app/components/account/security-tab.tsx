import { type FormEvent, useEffect, useState } from "react";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import { PasswordField } from "~/components/ui/password-field";
import { TextField } from "~/components/checkout/text-field";
import { ApiError, apiRequest } from "~/lib/api";
import { useSignedOut } from "~/lib/session";
import { toast } from "~/lib/toast";
import { addPasskey, passkeyProof } from "~/lib/passkeys";

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

function ChangeEmail() {
  const [password, setPassword] = useState("");
  const [newEmail, setNewEmail] = useState("");
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      setNote({ ok: true, text: (await apiRequest<{ message: string }>("POST", "/api/account/email", { password, newEmail: newEmail.trim() })).message });
      setPassword("");
    } catch (e) {
      setNote({ ok: false, text: e instanceof ApiError ? e.detail : "We couldn't start that. Please try again." });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} aria-labelledby="email-heading" className="space-y-4 rounded-2xl border border-line p-6">
      <h2 id="email-heading" className="text-lg font-bold">
        Change email
      </h2>
      <TextField label="New email" type="email" autoComplete="email" required value={newEmail} onChange={(e) => setNewEmail(e.target.value)} />
      <PasswordField label="Password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      {note && (
        <p role={note.ok ? "status" : "alert"} className={note.ok ? "text-sm text-green-800 dark:text-green-300" : "text-sm font-medium text-red-700 dark:text-red-400"}>
          {note.text}
        </p>
      )}
      <button type="submit" disabled={busy} className={`${buttonClass} h-11 disabled:opacity-60`}>
        {busy ? "Sending..." : "Send confirmation link"}
      </button>
    </form>
  );
}

interface Passkey {
  id: string;
  name: string;
  synced: boolean;
  createdAt: string;
  lastUsedAt: string | null;
}

function Passkeys() {
  const [keys, setKeys] = useState<Passkey[] | null>(null);
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    apiRequest<{ passkeys: Passkey[] }>("GET", "/api/account/passkeys").then(
      (r) => setKeys(r.passkeys),
      () => setKeys([]),
    );
  }, []);
  async function add(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      setKeys((await addPasskey(name.trim() || "Passkey")).passkeys as Passkey[]);
      setName("");
      toast.success("Passkey added", { description: "Next time, sign in with it instead of your password." });
    } catch (e) {
      toast.error("No passkey was added", { description: e instanceof ApiError ? e.detail : "The browser's passkey prompt was closed." });
    } finally {
      setBusy(false);
    }
  }
  async function remove(key: Passkey) {
    try {
      setKeys((await apiRequest<{ passkeys: Passkey[] }>("DELETE", `/api/account/passkeys/${key.id}`)).passkeys);
      toast.success(`${key.name} removed`);
    } catch (e) {
      toast.error("Couldn't remove it", { description: e instanceof ApiError ? e.detail : undefined });
    }
  }
  return (
    <section aria-labelledby="passkeys-heading" className="rounded-2xl border border-line p-6">
      <h2 id="passkeys-heading" className="text-lg font-bold">
        Passkeys
      </h2>
      <p className="mt-1 text-sm text-ink-muted">Sign in with your fingerprint, face or device PIN instead of a password.</p>
      {keys && keys.length > 0 && (
        <ul className="mt-3 divide-y divide-line text-sm">
          {keys.map((k) => (
            <li key={k.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="font-semibold">{k.name}</p>
                <p className="text-ink-muted">
                  Added {when.format(new Date(k.createdAt))}
                  {k.lastUsedAt && ` · last used ${when.format(new Date(k.lastUsedAt))}`}
                  {k.synced && " · synced"}
                </p>
              </div>
              <button type="button" onClick={() => remove(k)} className={`${secondaryButtonClass} h-9 px-4 text-xs`}>
                Remove <span className="sr-only">{k.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <TextField label="Name it (e.g. My phone)" value={name} onChange={(e) => setName(e.target.value)} maxLength={60} />
        </div>
        <button type="submit" disabled={busy} className={`${buttonClass} h-11 disabled:opacity-60`}>
          {busy ? "Waiting for the browser..." : "Add a passkey"}
        </button>
      </form>
    </section>
  );
}

function Devices() {
  const signedOut = useSignedOut();
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
    await signedOut("/login");
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

function YourData() {
  const signedOut = useSignedOut();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function remove(event?: FormEvent, withPasskey = false) {
    event?.preventDefault();
    setBusy(true);
    try {
      await apiRequest("POST", "/api/account/delete", withPasskey ? { passkey: await passkeyProof() } : { password });
      toast.success("Your account is deleted", { description: "We've emailed you a confirmation." });
      await signedOut("/");
    } catch (e) {
      setError(e instanceof ApiError ? e.detail : withPasskey ? "The passkey prompt was closed." : "We couldn't delete it. Please try again.");
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="data-heading" className="rounded-2xl border border-line p-6 lg:col-span-2">
      <h2 id="data-heading" className="text-lg font-bold">
        Your data
      </h2>
      <p className="mt-2 text-sm text-ink-muted">A copy of everything we hold about you: profile, orders, favourites and newsletter subscription, as a JSON file.</p>
      <a href="/api/account/export" download className={`${secondaryButtonClass} mt-3 h-10`}>
        Download my data
      </a>
      <div className="mt-6 border-t border-line pt-5">
        <h3 className="font-semibold">Delete my account</h3>
        <p className="mt-1 text-sm text-ink-muted">
          Your account, favourites, cart and newsletter subscription are removed and you are signed out everywhere. Orders you paid for are kept without your email, as tax law requires.
        </p>
        {confirming ? (
          <form onSubmit={remove} className="mt-3 max-w-sm space-y-3">
            <PasswordField label="Your password, to confirm" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} error={error ?? undefined} />
            <div className="flex flex-wrap gap-2">
              <button type="submit" disabled={busy} className="inline-flex h-10 items-center rounded-full bg-red-700 px-5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60">
                {busy ? "Deleting..." : "Delete my account"}
              </button>
              <button type="button" disabled={busy} onClick={() => remove(undefined, true)} className={`${secondaryButtonClass} h-10`}>
                Confirm with a passkey
              </button>
              <button type="button" onClick={() => setConfirming(false)} className={`${secondaryButtonClass} h-10`}>
                Keep it
              </button>
            </div>
          </form>
        ) : (
          <button type="button" onClick={() => setConfirming(true)} className={`${secondaryButtonClass} mt-3 h-10 border-red-700 text-red-700 dark:border-red-400 dark:text-red-400`}>
            Delete my account…
          </button>
        )}
      </div>
    </section>
  );
}

/** The account's Security tab: password, the devices signed in to it, and the shopper's data. */
export function SecurityTab() {
  return (
    <div className="grid max-w-4xl gap-6 lg:grid-cols-2">
      <ChangePassword />
      <ChangeEmail />
      <Passkeys />
      <Devices />
      <YourData />
    </div>
  );
}
