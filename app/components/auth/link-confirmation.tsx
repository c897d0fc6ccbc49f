import { useCallback, useState } from "react";
import { Link } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { buttonClass } from "~/components/layout/status-screen";
import { ApiError, apiRequest } from "~/lib/api";
import { useLinkToken } from "~/lib/link-token";

/** A page an emailed link opens: it sends the link's token to `endpoint` at once and says how it went. */
export function LinkConfirmation({ endpoint, title }: { endpoint: string; title: string }) {
  const [state, setState] = useState<{ ok: boolean; message: string } | null>(null);
  const send = useCallback(
    (token: string | null) => {
      apiRequest<{ message: string }>("POST", endpoint, { token: token ?? "" }).then(
        (r) => setState({ ok: true, message: r.message }),
        (e: unknown) => setState({ ok: false, message: e instanceof ApiError ? e.detail : "We couldn't check that link. Please try again." }),
      );
    },
    [endpoint],
  );
  useLinkToken(send);
  return (
    <AuthCard title={title} subtitle={state ? (state.ok ? "All set." : "That link didn't work.") : "Checking your link…"}>
      {state && (
        <p role="status" className={state.ok ? "rounded-xl bg-green-50 px-4 py-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-200" : "rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"}>
          {state.message}
        </p>
      )}
      <Link to="/account" className={`${buttonClass} mt-6 h-12 w-full`}>
        Go to your account
      </Link>
    </AuthCard>
  );
}
