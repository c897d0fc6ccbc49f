import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/forgot-password";
import { type FormEvent, useState } from "react";
import { AuthCard, AuthLinks } from "~/components/auth/auth-card";
import { TextField } from "~/components/checkout/text-field";
import { buttonClass } from "~/components/layout/status-screen";
import { ApiError, apiRequest } from "~/lib/api";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Forgot your password?") }, { name: "robots", content: "noindex" }];

/** /forgot-password: an email gets a reset link if an account uses it; the page says the same either way. */
export default function ForgotPassword() {
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      setSent((await apiRequest<{ message: string }>("POST", "/api/auth/forgot-password", { email: email.trim() })).message);
      setError(null);
    } catch (e) {
      setError(e instanceof ApiError ? e.detail : "We couldn't send that. Please try again.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <AuthCard title="Forgot your password?" subtitle="Enter your account's email and we'll send you a link to choose a new one.">
      {sent ? (
        <p role="status" className="rounded-xl bg-green-50 px-4 py-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-200">
          {sent}
        </p>
      ) : (
        <form onSubmit={submit} className="space-y-5">
          <TextField label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} error={error ?? undefined} />
          <button type="submit" disabled={busy} className={`${buttonClass} h-12 w-full disabled:opacity-60`}>
            {busy ? "Sending..." : "Send reset link"}
          </button>
        </form>
      )}
      <AuthLinks prompt="Remembered it?" to="/login" label="Sign in" />
    </AuthCard>
  );
}
