import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/reset-password";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { buttonClass } from "~/components/layout/status-screen";
import { PasswordField } from "~/components/ui/password-field";
import { ApiError, apiRequest } from "~/lib/api";
import { useLinkToken } from "~/lib/link-token";

/** The link's token stays in the page: no referrer leaves it, and nothing keeps a copy. */
export const headers = () => ({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" });
export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Choose a new password") }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];

/** /reset-password#token=…: the token travels in the fragment, so it never reaches a server log. */
export default function ResetPassword() {
  const token = useLinkToken();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password !== confirm) return setError("The two passwords are not the same");
    setBusy(true);
    try {
      await apiRequest("POST", "/api/auth/reset-password", { token: token.current ?? "", password });
      setDone(true);
    } catch (e) {
      setError(e instanceof ApiError ? e.detail : "We couldn't change it. Please try again.");
    } finally {
      setBusy(false);
    }
  }
  if (done) {
    return (
      <AuthCard title="Password changed" subtitle="Every device that was signed in has been signed out.">
        <Link to="/login" className={`${buttonClass} h-12 w-full`}>
          Sign in with the new password
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" subtitle="At least 8 characters. A few words you'll remember work well.">
      <form onSubmit={submit} className="space-y-5">
        <PasswordField label="New password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <PasswordField label="Confirm new password" autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.target.value)} error={error ?? undefined} />
        <button type="submit" disabled={busy} className={`${buttonClass} h-12 w-full disabled:opacity-60`}>
          {busy ? "Saving..." : "Save new password"}
        </button>
        {error?.startsWith("This link") && (
          <p className="text-center text-sm">
            <Link to="/forgot-password" className="font-semibold underline">
              Send a new link
            </Link>
          </p>
        )}
      </form>
    </AuthCard>
  );
}
