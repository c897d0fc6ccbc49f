import { BellRing, MailCheck } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { TextField } from "~/components/checkout/text-field";
import { buttonClass } from "~/components/layout/status-screen";
import { ApiError, apiRequest } from "~/lib/api";
import { cn } from "~/lib/cn";
import { useUser } from "~/lib/session";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface SignUpAnswer {
  status: "pending" | "active";
  message: string;
}

/**
 * "Email me when it's back": an email (the signed-in shopper's, to start with) sent to `endpoint` with `body`. The
 * answer replaces the form and takes focus, so it is read out; errors sit under the field.
 */
/** `idPrefix` names its elements' ids where they must not depend on where it sits (a part the server renders on its own). */
export function AlertSignUp({ heading, detail, endpoint, body, submitLabel = "Notify me", className, idPrefix }: { heading: string; detail: string; endpoint: string; body: Record<string, unknown>; submitLabel?: string; className?: string; idPrefix?: string }) {
  const user = useUser();
  const [email, setEmail] = useState(user?.email ?? "");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<SignUpAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const answer = useRef<HTMLParagraphElement>(null);
  const generated = useId();
  const headingId = idPrefix ? `${idPrefix}-heading` : generated;
  // The account's own confirmed address is on at once; any other address confirms by email first.
  const ownEmail = user?.emailVerified === true && user.email.toLowerCase() === email.trim().toLowerCase();

  useEffect(() => {
    if (done) answer.current?.focus();
  }, [done]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = !email.trim() ? "Please enter your email address." : !EMAIL.test(email.trim()) ? "Enter a valid email address, like name@example.com." : null;
    if (problem) return setError(problem);
    setBusy(true);
    try {
      setDone(await apiRequest<SignUpAnswer>("POST", endpoint, { ...body, email: email.trim() }));
      setError(null);
    } catch (e) {
      setError(e instanceof ApiError ? e.detail : "We couldn't sign you up just now. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className={cn("rounded-2xl border border-line bg-surface-muted p-5 text-ink", className)}>
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold">
        <BellRing aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-500" />
        {heading}
      </h2>
      {done ? (
        <p ref={answer} tabIndex={-1} role="status" className="mt-3 flex items-start gap-2 rounded-xl bg-green-50 px-4 py-3 text-sm text-green-900 focus:outline-none dark:bg-green-950 dark:text-green-200">
          <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{done.message}</span>
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-ink-muted">{detail}</p>
          <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
            <TextField id={idPrefix ? `${idPrefix}-email` : undefined} label="Email" type="email" name="email" autoComplete="email" inputMode="email" required value={email} onChange={(e) => setEmail(e.target.value)} error={error ?? undefined} className="sm:flex-1" />
            <button type="submit" aria-disabled={busy || undefined} className={`${buttonClass} h-11 shrink-0 sm:mt-[1.625rem] aria-disabled:cursor-wait aria-disabled:opacity-60`}>
              {busy ? "Sending..." : submitLabel}
            </button>
          </form>
          <p className="mt-3 text-xs text-ink-muted">One email when it's back, nothing else.{ownEmail ? "" : " We'll ask you to confirm by email first."}</p>
        </>
      )}
    </section>
  );
}
