import { useState } from "react";
import { ApiError, apiRequest } from "~/lib/api";
import { toast } from "~/lib/toast";

/** Shown while the account's email is unconfirmed: shopping works, and a new link is one click away. */
export function VerifyBanner({ email }: { email: string }) {
  const [busy, setBusy] = useState(false);
  async function resend() {
    setBusy(true);
    try {
      toast.success((await apiRequest<{ message: string }>("POST", "/api/account/verify-email/resend", {})).message);
    } catch (e) {
      toast.error("Couldn't send a new link", { description: e instanceof ApiError ? e.detail : undefined });
    } finally {
      setBusy(false);
    }
  }
  return (
    <p role="status" className="mt-6 flex flex-wrap items-center gap-3 rounded-2xl bg-amber-100 px-4 py-3 text-sm text-amber-950 dark:bg-amber-900 dark:text-amber-50">
      <span>
        Please confirm your email: we sent a link to <strong>{email}</strong>.
      </span>
      <button type="button" onClick={resend} disabled={busy} className="font-semibold underline disabled:opacity-60">
        Send a new link
      </button>
    </p>
  );
}
