import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { KeyRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import { TextField } from "~/components/checkout/text-field";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import { ApiError, apiRequest } from "~/lib/api";

export type SecondFactorPurpose = "sign-in" | "step-up";

/** What the member can give: an app's code, a passkey, a recovery code (issue 29). */
export interface Factors {
  totp: boolean;
  passkey: boolean;
  recoveryCodes: boolean;
}

const errorText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.detail : fallback);

/** The member's own passkey, as their second factor (the browser asks them). */
async function givePasskey() {
  const { ceremonyId, options } = await apiRequest<{ ceremonyId: string; options: PublicKeyCredentialRequestOptionsJSON }>("POST", "/api/admin/security/passkey/options", {});
  const response = await startAuthentication({ optionsJSON: options });
  await apiRequest("POST", "/api/admin/security/passkey", { ceremonyId, response });
}

/**
 * The second factor, given: the 6-digit code from the app, a passkey, or (behind a toggle) a recovery code. A wrong
 * code shows the server's message under the field, announced and linked to it; `onGiven` runs once the server took it.
 */
export function SecondFactorForm({ factors, purpose, onGiven, submitLabel = "Verify", autoFocus = false }: { factors: Factors; purpose: SecondFactorPurpose; onGiven: () => void | Promise<void>; submitLabel?: string; autoFocus?: boolean }) {
  const [recovery, setRecovery] = useState(!factors.totp && !factors.passkey && factors.recoveryCodes);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const typing = factors.totp || recovery;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim() || busy) return;
    if (!recovery && !/^\d{6}$/.test(code)) {
      setError("Enter the 6 digits your app shows.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await apiRequest("POST", "/api/admin/security/verify", { code: code.trim(), purpose });
      await onGiven();
    } catch (e) {
      setError(errorText(e, "That didn't work. Please try again."));
      setBusy(false);
    }
  }

  async function passkey() {
    setBusy(true);
    setError(null);
    try {
      await givePasskey();
      await onGiven();
    } catch (e) {
      setError(errorText(e, "The passkey prompt was closed before it finished. Try again, or use another way."));
      setBusy(false);
    }
  }

  function switchTo(useRecovery: boolean) {
    setRecovery(useRecovery);
    setCode("");
    setError(null);
  }

  return (
    <div className="space-y-4">
      {typing && (
        <form onSubmit={submit} className="space-y-4" noValidate>
          {recovery ? (
            <TextField
              key="recovery"
              label="Recovery code"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="xxxxx-xxxxx"
              required
              autoFocus={autoFocus}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={error ?? undefined}
            />
          ) : (
            <TextField
              key="totp"
              label="Enter the 6-digit code from your authenticator app"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={6}
              required
              autoFocus={autoFocus}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
              error={error ?? undefined}
            />
          )}
          <button type="submit" disabled={busy} className={`${buttonClass} h-12 w-full disabled:opacity-60`}>
            {busy ? "Checking..." : submitLabel}
          </button>
        </form>
      )}
      {factors.passkey && (
        <button type="button" onClick={passkey} disabled={busy} className={`${typing ? secondaryButtonClass : buttonClass} h-12 w-full disabled:opacity-60`}>
          <KeyRound aria-hidden="true" className="size-4" /> Use a passkey
        </button>
      )}
      {/* A passkey's failure has no field to sit under. */}
      {error && !typing && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      {error && typing && (
        <p role="alert" className="sr-only">
          {error}
        </p>
      )}
      {(factors.recoveryCodes || factors.totp) && (factors.totp || factors.passkey) && (
        <p className="text-center text-sm">
          <button type="button" onClick={() => switchTo(!recovery)} className="font-medium text-ink-muted underline hover:text-ink">
            {recovery ? (factors.totp ? "Use the code from your app instead" : "Back") : "Use a recovery code"}
          </button>
        </p>
      )}
    </div>
  );
}
