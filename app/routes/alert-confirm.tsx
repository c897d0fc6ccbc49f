import { pageTitle } from "~/lib/seo";
import type { Route } from "./+types/alert-confirm";
import { useCallback, useState } from "react";
import { Link } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { buttonClass } from "~/components/layout/status-screen";
import { ApiError, apiRequest } from "~/lib/api";
import { useLinkToken } from "~/lib/link-token";

export const headers = () => ({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" });
export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Confirm your alert") }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];

/** /alerts/confirm#token=…: the double opt-in link of a back-in-stock alert or the VSOP waitlist. */
export default function AlertConfirm() {
  const [state, setState] = useState<{ ok: boolean; message: string; link?: string } | null>(null);
  const send = useCallback((token: string | null) => {
    if (!token) return setState({ ok: false, message: "This link is missing its code. Open the link from the email again, or sign up for the alert again from the product page." });
    apiRequest<{ message: string; link: string }>("POST", "/api/stock-alerts/confirm", { token }).then(
      (r) => setState({ ok: true, message: r.message, link: r.link }),
      (e: unknown) => setState({ ok: false, message: e instanceof ApiError ? e.detail : "We couldn't check that link. Please try again." }),
    );
  }, []);
  useLinkToken(send);
  return (
    <AuthCard title="Back-in-stock alert" subtitle={state ? (state.ok ? "You're all set." : "That link didn't work.") : "Checking your link…"}>
      {state && (
        <p role="status" className={state.ok ? "rounded-xl bg-green-50 px-4 py-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-200" : "rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"}>
          {state.message}
        </p>
      )}
      <Link to={state?.link ?? "/"} className={`${buttonClass} mt-6 h-12 w-full`}>
        {state?.link ? "Back to the product" : "Keep shopping"}
      </Link>
    </AuthCard>
  );
}
