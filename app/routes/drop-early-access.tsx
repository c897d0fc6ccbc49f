import { pageTitle } from "~/lib/seo";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/drop-early-access";
import { servicesContext } from "~/context";
import { AuthCard } from "~/components/auth/auth-card";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import { ApiError, apiRequest } from "~/lib/api";

const NOT_VALID = "This early-access link is not valid.";

// The last crumb names the page, not the link's token.
export const handle = { breadcrumb: () => "Early access" };

// Personal: the address holds the link's secret (the response cache never keeps a ?token= page either).
export const headers = () => ({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" });
export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Early access") }, { name: "robots", content: "noindex" }, { name: "referrer", content: "no-referrer" }];

/** Only names the drop: opening the link changes nothing (mail scanners open links), the button redeems it. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const drop = await context.get(servicesContext).drops.index.bySlug(params.slug);
  return { name: drop?.name ?? null };
}

/**
 * /drops/{slug}/early-access?token=…: the page behind an early-access email's button (issue 48). One button posts the
 * token; the answer is an early pass (a cookie) and a link to the drop's page, or why the link gives nothing.
 */
export default function DropEarlyAccess({ loaderData, params }: Route.ComponentProps) {
  const { name } = loaderData;
  const [search] = useSearchParams();
  const token = search.get("token");
  const [state, setState] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const answer = useRef<HTMLParagraphElement>(null);
  // The button goes away with the answer: focus moves to the answer, so it is read out.
  useEffect(() => {
    if (state) answer.current?.focus();
  }, [state]);

  async function unlock() {
    if (busy || !token) return;
    setBusy(true);
    try {
      setState({ ok: true, message: (await apiRequest<{ message: string }>("POST", `/api/drops/${encodeURIComponent(params.slug)}/early-access`, { token })).message });
      // The secret is spent: it leaves the address bar and the history.
      window.history.replaceState(null, "", window.location.pathname);
    } catch (e) {
      setState({ ok: false, message: e instanceof ApiError ? e.detail : "We couldn't check that link just now. Please try again." });
    } finally {
      setBusy(false);
    }
  }

  if (!name || !token) {
    return (
      <AuthCard title="Early access" subtitle="That link didn't work.">
        <p role="status" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {NOT_VALID} Open the link from the newest early-access email, or contact us.
        </p>
        <Link to="/" className={`${buttonClass} mt-6 h-12 w-full`}>
          Go to the shop
        </Link>
      </AuthCard>
    );
  }
  const dropPage = `/drops/${params.slug}`;
  return (
    <AuthCard title={state?.ok ? "You're in" : `Early access to ${name}`} subtitle={state?.ok ? `Shop ${name} before everyone else.` : "Your link works once, on this device."}>
      {state && (
        <p ref={answer} tabIndex={-1} role="status" className={`${state.ok ? "bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-200" : "bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200"} rounded-xl px-4 py-3 text-sm focus:outline-none`}>
          {state.message}
        </p>
      )}
      {state ? (
        <Link to={dropPage} className={`${state.ok ? buttonClass : secondaryButtonClass} mt-6 h-12 w-full`}>
          {`Go to ${name}`}
        </Link>
      ) : (
        <>
          <button type="button" onClick={unlock} aria-disabled={busy || undefined} className={`${buttonClass} mt-2 h-12 w-full aria-disabled:cursor-wait aria-disabled:opacity-60`}>
            {busy ? "Unlocking..." : "Unlock early access"}
          </button>
          <Link to={dropPage} className="mt-4 block text-center text-sm text-ink-muted underline hover:text-ink">
            {`See ${name} first`}
          </Link>
        </>
      )}
    </AuthCard>
  );
}
