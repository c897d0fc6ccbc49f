import { type FormEvent, useState } from "react";
import { TextField } from "~/components/checkout/text-field";
import { buttonClass } from "~/components/layout/status-screen";
import { ApiError, apiRequest } from "~/lib/api";

export interface TotpSetupStart {
  secret: string;
  otpauthUrl: string;
  qrSvg: string;
}

/** A new authenticator secret waiting for its first code (replacing one asks for a step-up first). */
export const startTotpSetup = () => apiRequest<TotpSetupStart>("POST", "/api/admin/security/totp/setup", {});

/** The secret as people type it: groups of four. */
export const groupedSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/**
 * Adding an authenticator app: the QR code the server drew (shown as an image, so its markup never joins the page),
 * the secret for typing in by hand, and the first code, which confirms it. The answer carries new recovery codes.
 */
export function TotpSetup({ setup, onConfirmed }: { setup: TotpSetupStart; onConfirmed: (recoveryCodes: string[]) => void }) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!/^\d{6}$/.test(code)) {
      setError("Enter the 6 digits your app shows.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { recoveryCodes } = await apiRequest<{ recoveryCodes: string[] }>("POST", "/api/admin/security/totp", { code });
      onConfirmed(recoveryCodes);
    } catch (e) {
      setError(e instanceof ApiError ? e.detail : "That didn't work. Please try again.");
      setBusy(false);
    }
  }

  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-ink-muted">
        <li>Open an authenticator app on your phone (such as 1Password, Google Authenticator or Authy).</li>
        <li>Scan the QR code, or type the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
        {/* The QR code needs its light background in the dark theme too, for phones' cameras. */}
        <img src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`} alt="QR code for your authenticator app" width={176} height={176} className="size-44 shrink-0 rounded-xl border border-line bg-white p-1" />
        <div className="min-w-0 text-sm">
          <p className="font-medium">Can't scan it? Type this key:</p>
          <p data-testid="totp-secret" className="mt-1 break-words rounded-lg bg-surface-muted px-3 py-2 font-mono text-base tracking-wide">
            {groupedSecret(setup.secret)}
          </p>
          <p className="mt-1 text-xs text-ink-muted">Time-based, 6 digits, every 30 seconds.</p>
        </div>
      </div>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField
          label="6-digit code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          required
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
          error={error ?? undefined}
        />
        {error && (
          <p role="alert" className="sr-only">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy} className={`${buttonClass} h-12 w-full disabled:opacity-60`}>
          {busy ? "Checking..." : "Turn on the app"}
        </button>
      </form>
    </div>
  );
}
