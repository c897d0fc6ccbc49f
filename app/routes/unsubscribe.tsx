import { pageTitle } from "~/lib/seo";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { servicesContext } from "~/context";
import { AuthCard } from "~/components/auth/auth-card";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import { ApiError, apiRequest } from "~/lib/api";

const QUESTION = {
  newsletter: { title: "Unsubscribe from the newsletter?", text: "You'll stop getting our newsletter at this address. Emails about your orders still come." },
  alert: { title: "Stop back-in-stock emails?", text: "We won't email this address about any size it is waiting for. You can ask again from any product page." },
  recovery: { title: "Stop emails about carts and offers?", text: "We won't remind this address about a checkout it left, or send it offers. Emails about your orders still come." },
} as const;

// The last crumb names the page, not the link's token.
export const handle = { breadcrumb: () => "Your subscription" };

export const headers = () => ({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" });
export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Unsubscribe") }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];

/** Only says what the link is for: opening it changes nothing (mail scanners open links), the button does. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const target = await context.get(servicesContext).unsubscribe.describe({ token: params.token });
  return { kind: target?.kind ?? null };
}

/**
 * /unsubscribe/{token}: the page behind every email's Unsubscribe link, with one button and no sign-in. Mail clients
 * POST to this same address for one-click unsubscribe (RFC 8058; server/http/unsubscribe-router.ts).
 */
export default function Unsubscribe({ loaderData, params }: Route.ComponentProps) {
  const { kind } = loaderData;
  const [state, setState] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const answer = useRef<HTMLParagraphElement>(null);
  // The button goes away with the answer: focus moves to the answer, so it is read out.
  useEffect(() => {
    if (state) answer.current?.focus();
  }, [state]);
  async function confirm() {
    if (busy) return;
    setBusy(true);
    try {
      setState({ ok: true, message: (await apiRequest<{ message: string }>("POST", "/api/unsubscribe", { token: params.token })).message });
    } catch (e) {
      setState({ ok: false, message: e instanceof ApiError ? e.detail : "We couldn't do that just now. Please try again." });
    } finally {
      setBusy(false);
    }
  }
  if (!kind) {
    return (
      <AuthCard title="Unsubscribe" subtitle="That link didn't work.">
        <p role="status" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          This unsubscribe link isn't valid. Use the link in the newest email from us, or contact us and we'll take you off the list.
        </p>
        <Link to="/contact" className={`${buttonClass} mt-6 h-12 w-full`}>
          Contact us
        </Link>
      </AuthCard>
    );
  }
  const question = QUESTION[kind];
  return (
    <AuthCard title={state?.ok ? "You're unsubscribed" : question.title} subtitle={state?.ok ? "Sorry to see you go." : question.text}>
      {state && (
        <p ref={answer} tabIndex={-1} role="status" className={`${state.ok ? "bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-200" : "bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200"} rounded-xl px-4 py-3 text-sm focus:outline-none`}>
          {state.message}
        </p>
      )}
      {state?.ok ? (
        <Link to="/" className={`${secondaryButtonClass} mt-6 h-12 w-full`}>
          Back to the shop
        </Link>
      ) : (
        <>
          <button type="button" onClick={confirm} aria-disabled={busy || undefined} className={`${buttonClass} mt-2 h-12 w-full aria-disabled:cursor-wait aria-disabled:opacity-60`}>
            {busy ? "Unsubscribing..." : "Unsubscribe"}
          </button>
          <Link to="/" className="mt-4 block text-center text-sm text-ink-muted underline hover:text-ink">
            Keep my subscription and go to the shop
          </Link>
        </>
      )}
    </AuthCard>
  );
}
